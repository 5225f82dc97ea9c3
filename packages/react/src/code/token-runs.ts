/**
 * A highlighted line as runs: each run of tokens that look the same is one piece of text with the
 * classes that name its colour and font style (`palimpsest-code-token-keyword`,
 * `palimpsest-code-italic`); text in the code's own colour has no class. The stylesheet maps the
 * classes to the theme's CSS variables, so light and dark need no second tokenisation, a token
 * carries no style object, and a line of code is a few elements rather than one per token.
 */

/** A run of text and its classes ('' for text in the code's own colour and font). */
export type TokenRun = readonly [classes: string, text: string]

/** Colours of Shiki's CSS-variables theme, made with this prefix. */
export const codeVariablePrefix = '--palimpsest-code-'

const variableStart = `var(${codeVariablePrefix}`
const foreground = `${variableStart}foreground)`
const italic = 1
const bold = 2
const underline = 4

/** The classes of a token of this colour and font style (Shiki's bits: italic 1, bold 2, underline 4). */
export function runClasses(color: string | undefined, font: number): string {
  let classes = ''
  // Every colour of the theme is `var(--palimpsest-code-<name>)`; its class is `palimpsest-code-<name>`.
  if (color && color !== foreground && color.startsWith(variableStart) && color.endsWith(')')) {
    classes = `palimpsest-code-${color.slice(variableStart.length, -1)}`
  }
  if (font > 0) {
    if (font & italic) classes += ' palimpsest-code-italic'
    if (font & bold) classes += ' palimpsest-code-bold'
    if (font & underline) classes += ' palimpsest-code-underline'
  }
  return classes.trimStart()
}

/** Adds a token to a line's runs: to the last run when it looks the same. */
export function appendRun(runs: TokenRun[], classes: string, text: string): void {
  const last = runs[runs.length - 1]
  if (last && last[0] === classes) runs[runs.length - 1] = [classes, last[1] + text]
  else runs.push([classes, text])
}
