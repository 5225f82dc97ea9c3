/**
 * One highlighted line as HTML: each run of tokens that look the same is one `span` whose classes
 * name its colour and font style (`palimpsest-code-token-keyword`, `palimpsest-code-italic`), and
 * text in the code's own colour is bare text. The stylesheet maps the classes to the theme's CSS
 * variables, so light and dark need no second tokenisation and a token carries no style object.
 *
 * A line is handed to React as one element with this markup, not one element per token: the
 * browser parses it natively, and React keeps one fiber per line instead of one per token.
 */

/** The parts of a Shiki token this reads. */
export interface LineToken {
  content: string
  color?: string
  fontStyle?: number
}

/** Colours of Shiki's CSS-variables theme, made with this prefix. */
export const codeVariablePrefix = '--palimpsest-code-'

const foreground = `var(${codeVariablePrefix}foreground)`
const italic = 1
const bold = 2
const underline = 4

/** The classes of a token's look ('' for text in the code's own colour and font). */
function classesOf(token: LineToken): string {
  const names: string[] = []
  const color = token.color
  // Every colour of the theme is `var(--palimpsest-code-<name>)`; the class is `palimpsest-code-<name>`.
  if (color && color !== foreground && color.startsWith(`var(${codeVariablePrefix}`) && color.endsWith(')')) {
    const name = color.slice(`var(${codeVariablePrefix}`.length, -1)
    if (/^[a-z0-9-]+$/.test(name)) names.push(`palimpsest-code-${name}`)
  }
  const font = token.fontStyle ?? 0
  if (font > 0) {
    if (font & italic) names.push('palimpsest-code-italic')
    if (font & bold) names.push('palimpsest-code-bold')
    if (font & underline) names.push('palimpsest-code-underline')
  }
  return names.join(' ')
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' }

/** Text as HTML text content; a carriage return is written as a reference, as the parser would drop it. */
function escapeText(text: string): string {
  return text.replace(/[&<>\r]/g, (character) => escapes[character] as string)
}

export function lineMarkup(tokens: readonly LineToken[]): string {
  let markup = ''
  let runClasses = ''
  let runText = ''
  const endRun = () => {
    if (runText === '') return
    const text = escapeText(runText)
    markup += runClasses === '' ? text : `<span class="${runClasses}">${text}</span>`
  }
  for (const token of tokens) {
    const classes = classesOf(token)
    if (classes !== runClasses) {
      endRun()
      runClasses = classes
      runText = ''
    }
    runText += token.content
  }
  endRun()
  return markup
}
