/** Test fixtures for word rewrites: words swapped at chosen positions, and a small answer with every kind of leaf. */

const wordPattern = /[\p{L}\p{N}\p{M}]+/gu

/** Where to swap a word (an index into the text's words) and for which (an index into the replacements). */
export interface WordPick {
  readonly index: number
  readonly word: number
}

/** `text` with the words at the chosen positions (indexes modulo their count) replaced by words of `replacements`. */
export function swapWords(text: string, picks: readonly WordPick[], replacements: readonly string[]): string {
  const words = [...text.matchAll(wordPattern)]
  if (words.length === 0) return text
  const chosen = new Map(
    picks.map((pick) => [pick.index % words.length, replacements[pick.word % replacements.length]!]),
  )
  let result = ''
  let from = 0
  for (const [index, match] of words.entries()) {
    const insert = chosen.get(index)
    if (insert === undefined) continue
    result += text.slice(from, match.index) + insert
    from = match.index + match[0].length
  }
  return result + text.slice(from)
}

/** A streamed answer with a heading, emphasis, inline code, a link, a list and a code block. */
export const answerLines = [
  '## A heading with words',
  '',
  'A paragraph with *emphasis*, `code` and [a link](https://example.com/page).',
  '',
  '- an item with words',
  '- another item with words',
] as const
