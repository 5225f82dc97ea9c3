/**
 * Labels defined across the document. A link reference or a footnote call resolves when its label,
 * normalised as micromark normalises identifiers, is one a definition anywhere in the document
 * defined: besides its own text, a block's tree depends on which of the labels it may use are
 * defined, and on nothing else of the other blocks. So a block parsed as a part of a document
 * (`parseWithDefinitions`) keeps that tree in a document that defines other labels, as long as the
 * difference holds none the block may use.
 */
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import { type DocumentDefinitions, definitionsMayBeUsed, type LinkDefinition, labelMayBeUsed } from './link-definitions'

/** Identifiers (micromark's normalised form) of the link and footnote definitions of a parse or a document. */
export interface DefinedLabels {
  readonly links: ReadonlySet<string>
  readonly footnotes: ReadonlySet<string>
}

/** Identifiers defined elsewhere in the document, that a part of it is parsed with. */
export interface LabelsDefinedElsewhere {
  readonly links: readonly string[]
  readonly footnotes: readonly string[]
}

export const noLabelsElsewhere: LabelsDefinedElsewhere = { links: [], footnotes: [] }

/**
 * micromark's identifier of a footnote label as written (decoded), or undefined when that may not be
 * it: a label with a backslash escape or a character reference is normalised from its source.
 */
export function footnoteIdentifier(label: string): string | undefined {
  return label.includes('\\') || label.includes('&') ? undefined : normalizeIdentifier(label)
}

/** The identifiers footnote labels as written define; undefined when one does not tell its own (`footnoteIdentifier`). */
export function footnoteIdentifiers(labels: readonly string[]): Set<string> | undefined {
  const identifiers = new Set<string>()
  for (const label of labels) {
    const identifier = footnoteIdentifier(label)
    if (identifier === undefined) return undefined
    identifiers.add(identifier)
  }
  return identifiers
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: any character outside ASCII
const nonAscii = /[^\u0000-\u007f]/

/**
 * micromark's identifier of a link definition's label, when it is ASCII (its mdast identifier is
 * micromark's in lower case; outside ASCII, case mappings may not be one character to one).
 */
function asciiLinkIdentifier({ identifier }: LinkDefinition): string | undefined {
  return nonAscii.test(identifier) ? undefined : identifier.toUpperCase()
}

/**
 * Whether the references and footnote calls of a text whose `labelSearchKey` is `searchKey` resolve
 * alike in a parse that defined `parsed` and in a document that defines `document`: no label one
 * defines and the other does not may be used in it.
 */
export function resolvesAlike(parsed: DefinedLabels, document: DefinedLabels, searchKey: string): boolean {
  return (
    sameWhereUsed(parsed.links, document.links, searchKey, labelMayBeUsed) &&
    sameWhereUsed(parsed.footnotes, document.footnotes, searchKey, footnoteMayBeCalled)
  )
}

function sameWhereUsed(
  a: ReadonlySet<string>,
  b: ReadonlySet<string>,
  searchKey: string,
  used: (searchKey: string, identifier: string) => boolean,
): boolean {
  if (a === b) return true
  for (const identifier of a) if (!b.has(identifier) && used(searchKey, identifier)) return false
  for (const identifier of b) if (!a.has(identifier) && used(searchKey, identifier)) return false
  return true
}

/**
 * Whether a text whose `labelSearchKey` is `searchKey` may call the footnote `identifier`: a call is
 * a bracket holding a caret and the label, which has no space or bracket in it.
 */
function footnoteMayBeCalled(searchKey: string, identifier: string): boolean {
  return nonAscii.test(identifier) || searchKey.includes(`^${identifier}\n`)
}

/** Whether a text whose `labelSearchKey` is `searchKey` may use one of `identifiers`. */
export function mayUseAny(searchKey: string, identifiers: readonly string[]): boolean {
  return identifiers.some((identifier) => labelMayBeUsed(searchKey, identifier))
}

const noIdentifiers: ReadonlySet<string> = new Set()
const noFootnoteLabels: readonly string[] = []
const linkIdentifiers = new WeakMap<DocumentDefinitions, ReadonlySet<string> | undefined>()
let lastFootnotes: { readonly labels: readonly string[]; readonly identifiers: ReadonlySet<string> | undefined } = {
  labels: noFootnoteLabels,
  identifiers: noIdentifiers,
}

/**
 * The labels a document defines: its link definitions and the labels of its footnote definitions
 * as written. Undefined when one does not tell its identifier (`footnoteIdentifier`,
 * `asciiLinkIdentifier`): no kept tree is then known to resolve as the document does.
 */
export function documentLabels(
  definitions: DocumentDefinitions,
  footnoteLabels: readonly string[] = noFootnoteLabels,
): DefinedLabels | undefined {
  let links = linkIdentifiers.get(definitions)
  if (!linkIdentifiers.has(definitions)) {
    const identifiers = definitions.list.map(asciiLinkIdentifier)
    links = identifiers.includes(undefined) ? undefined : new Set(identifiers as string[])
    linkIdentifiers.set(definitions, links)
  }
  if (lastFootnotes.labels !== footnoteLabels) {
    lastFootnotes = { labels: footnoteLabels, identifiers: footnoteIdentifiers(footnoteLabels) }
  }
  const footnotes = lastFootnotes.identifiers
  return links && footnotes ? { links, footnotes } : undefined
}

/**
 * What a rewrite parses its changed regions with: the labels the old text defined (`definitions`,
 * `footnoteLabels`) and the footnote labels the changed text from `from` to `to` looks like it
 * defines (citations inserted up the text, their definitions appended at its end). A guess, checked
 * by `resolvesAlike` before a tree parsed with it is used.
 */
export function labelsForRewrite(
  definitions: DocumentDefinitions,
  footnoteLabels: readonly string[],
  text: string,
  from: number,
  to: number,
): LabelsDefinedElsewhere {
  const links: string[] = []
  for (const definition of definitions.list) {
    const identifier = asciiLinkIdentifier(definition)
    if (identifier !== undefined) links.push(identifier)
  }
  const footnotes = new Set<string>()
  for (const label of [...footnoteLabels, ...footnoteLabelsLike(text, from, to)]) {
    const identifier = footnoteIdentifier(label)
    if (identifier !== undefined) footnotes.add(identifier)
  }
  return links.length === 0 && footnotes.size === 0 ? noLabelsElsewhere : { links, footnotes: [...footnotes] }
}

/** Labels of what looks like a footnote definition (`[^label]:`) in `text` from `from` to `to`. */
function footnoteLabelsLike(text: string, from: number, to: number): string[] {
  const labels: string[] = []
  for (let open = text.indexOf('[^', from); open >= 0 && open < to; open = text.indexOf('[^', open + 2)) {
    const close = text.indexOf(']', open + 2)
    if (close < 0 || close > to) break
    if (text.charCodeAt(close + 1) !== 58 || close === open + 2) continue
    const label = text.slice(open + 2, close)
    if (!/[\s[]/.test(label)) labels.push(label)
  }
  return labels
}

/** Nodes for the definitions a block may use, to render a tree parsed with their labels defined (they render nothing). */
export function definitionNodes(
  searchKey: string,
  definitions: DocumentDefinitions,
): { type: 'definition'; identifier: string; label: string; url: string; title: string | null }[] {
  return definitionsMayBeUsed(searchKey, definitions).map(({ identifier, url, title }) => ({
    type: 'definition',
    identifier,
    label: identifier,
    url,
    title,
  }))
}
