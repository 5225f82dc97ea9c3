/**
 * Recognises what a `<` in a paragraph starts, the way CommonMark's inline parser does: an autolink
 * (`<https://…>`, `<a@b.c>`) or raw HTML (an open or closing tag, a comment, a processing
 * instruction, a declaration or a CDATA section). react-markdown renders raw HTML as its source text,
 * so a complete tag is text whose `*`, `_`, `` ` `` and brackets are not syntax, and a tag still being
 * typed must not be shown as anything else first.
 */

export type AngleConstruct =
  /** A complete autolink or raw HTML construct: `end` is the offset just after its `>`. */
  | { kind: 'complete'; end: number }
  /** An autolink whose scheme (or `@`) has arrived but not its `>`: its text is what will show. */
  | { kind: 'unfinishedAutolink' }
  /** Text to the end that may still become a tag or an autolink: nothing of it can be shown yet. */
  | { kind: 'undecided' }
  /** A literal `<`. */
  | { kind: 'text' }

const space = '[ \\t\\r\\n]'
const tagName = '[A-Za-z][A-Za-z0-9-]*'
const attributeName = '[A-Za-z_:][A-Za-z0-9_.:-]*'
const attribute = `${space}+${attributeName}(?:${space}*=${space}*(?:[^ \\t\\r\\n"'=<>\`]+|'[^']*'|"[^"]*"))?`
const scheme = '[A-Za-z][A-Za-z0-9+.-]{1,31}'
const emailLocal = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+"
const domainLabel = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'

const complete = new RegExp(
  [
    `<${scheme}:[^ \\t\\r\\n<>\\x00-\\x1f]*>`,
    `<${emailLocal}@${domainLabel}(?:\\.${domainLabel})*>`,
    `<${tagName}(?:${attribute})*${space}*/?>`,
    `</${tagName}${space}*>`,
    '<!--(?:>|->|[\\s\\S]*?-->)',
    '<\\?[\\s\\S]*?\\?>',
    '<![A-Za-z][^>]*>',
    '<!\\[CDATA\\[[\\s\\S]*?\\]\\]>',
  ].join('|'),
  'y',
)

const unfinishedAutolink = new RegExp(`<(?:${scheme}:[^ \\t\\r\\n<>\\x00-\\x1f]*|${emailLocal}@[A-Za-z0-9.-]*)$`, 'y')

// Everything that can still be completed by more text (each alternative runs to the end).
const undecided = new RegExp(
  [
    // `<` alone, or a name that may still become a tag, a scheme or an email's local part.
    `<(?:${emailLocal})?$`,
    // An open tag: name, complete attributes, then a partly typed attribute or the `/` of `/>`.
    `<${tagName}(?:${attribute})*(?:${space}+(?:${attributeName}${space}*=${space}*(?:'[^']*|"[^"]*)?)?|${space}*/)?$`,
    `</(?:${tagName}${space}*)?$`,
    // Comments, declarations, instructions and CDATA without their end (the complete forms matched first).
    '<!(?:-(?:-[\\s\\S]*)?)?$',
    '<![A-Za-z][^>]*$',
    '<\\?[\\s\\S]*$',
    '<!\\[(?:C(?:D(?:A(?:T(?:A(?:\\[[\\s\\S]*)?)?)?)?)?)?$',
  ].join('|'),
  'y',
)

/** What the `<` at `at` in `source` starts. */
export function angleConstructAt(source: string, at: number): AngleConstruct {
  complete.lastIndex = at
  if (complete.test(source)) return { kind: 'complete', end: complete.lastIndex }
  unfinishedAutolink.lastIndex = at
  if (unfinishedAutolink.test(source)) return { kind: 'unfinishedAutolink' }
  undecided.lastIndex = at
  return undecided.test(source) ? { kind: 'undecided' } : { kind: 'text' }
}
