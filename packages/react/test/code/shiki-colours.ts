/** Per-character colours of highlighted code: as shown in the DOM, and as Shiki's own tokens give them. */
import type { HighlighterCore } from 'shiki/core'

/** Shiki with the CSS-variables theme the highlighter uses, for reference tokens. */
export async function referenceShiki(): Promise<HighlighterCore> {
  const { createHighlighterCore, createCssVariablesTheme } = await import('shiki/core')
  const { createJavaScriptRegexEngine } = await import('shiki/engine/javascript')
  const { bundledLanguages } = await import('shiki/langs')
  return createHighlighterCore({
    themes: [createCssVariablesTheme({ name: 'reference', variablePrefix: '--palimpsest-code-' })],
    langs: [bundledLanguages.typescript, bundledLanguages.python],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  })
}

/** The token class of each character of `code` (an element), '' for code in its own colour. */
export function shownColours(code: Element): string[] {
  const shown: string[] = []
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const classes = node.parentElement?.matches('span[class]') ? (node.parentElement.className as string) : ''
    const colour = classes.split(' ').find((name) => name.startsWith('palimpsest-code-token-')) ?? ''
    for (const _ of node.textContent ?? '') shown.push(colour)
  }
  return shown
}

/** The token class Shiki's own tokens give each character of `code`, with the line ending react-markdown adds. */
export function shikiColours(shiki: HighlighterCore, code: string, grammar: string): string[] {
  const expected: string[] = []
  for (const [index, line] of shiki.codeToTokensBase(code, { lang: grammar, theme: 'reference' }).entries()) {
    if (index > 0) expected.push('')
    for (const token of line) {
      const name = /^var\(--palimpsest-code-(token-[a-z-]+)\)$/.exec(token.color ?? '')?.[1]
      for (const _ of token.content) expected.push(name ? `palimpsest-code-${name}` : '')
    }
  }
  expected.push('')
  return expected
}
