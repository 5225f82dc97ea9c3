/**
 * A highlighted line as runs: each run of tokens that look the same is one piece of text with the
 * classes that name its colour and font style (`palimpsest-code-token-keyword`,
 * `palimpsest-code-italic`); text in the code's own colour has no class. The stylesheet maps the
 * classes to the theme's CSS variables, so light and dark need no second tokenisation, a token
 * carries no style object, and a line of code is a few elements rather than one per token.
 */

/** The parts of a Shiki token this reads. */
export interface RunToken {
  content: string
  color?: string
  fontStyle?: number
}

/** A run of text and its classes ('' for text in the code's own colour and font). */
export type TokenRun = readonly [classes: string, text: string]

/** Colours of Shiki's CSS-variables theme, made with this prefix. */
export const codeVariablePrefix = '--palimpsest-code-'

const variableStart = `var(${codeVariablePrefix}`
const foreground = `${variableStart}foreground)`
const italic = 1
const bold = 2
const underline = 4

function classesOf(token: RunToken): string {
  let classes = ''
  const color = token.color
  // Every colour of the theme is `var(--palimpsest-code-<name>)`; its class is `palimpsest-code-<name>`.
  if (color && color !== foreground && color.startsWith(variableStart) && color.endsWith(')')) {
    classes = `palimpsest-code-${color.slice(variableStart.length, -1)}`
  }
  const font = token.fontStyle ?? 0
  if (font > 0) {
    if (font & italic) classes += ' palimpsest-code-italic'
    if (font & bold) classes += ' palimpsest-code-bold'
    if (font & underline) classes += ' palimpsest-code-underline'
  }
  return classes.trimStart()
}

export function tokenRuns(tokens: readonly RunToken[]): TokenRun[] {
  const runs: [string, string][] = []
  for (const token of tokens) {
    const classes = classesOf(token)
    const last = runs[runs.length - 1]
    if (last && last[0] === classes) last[1] += token.content
    else runs.push([classes, token.content])
  }
  return runs
}
