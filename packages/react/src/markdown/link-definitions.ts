/**
 * Link reference definitions resolve across the whole document, but each block renders alone. So
 * every block is rendered with the document's definitions that it may use written before its own
 * source: `[label]: <url> "title"` lines and a blank line, which render nothing and leave the block
 * parsed exactly as at the start of a document (no container or paragraph is left open).
 */

export interface LinkDefinition {
  /** Normalised label, as micromark matches references (`[Foo  Bar]` and `[foo bar]` are one). */
  readonly identifier: string
  /** Destination and title after escapes and character references are decoded. */
  readonly url: string
  readonly title: string | null
}

/** The definitions in force in a document: the first definition of each label wins. */
export interface DocumentDefinitions {
  readonly list: readonly LinkDefinition[]
}

export const noDefinitions: DocumentDefinitions = { list: [] }

/**
 * First-wins merge of the settled blocks' definitions (final) and the tail's (may still change),
 * returning `previous` itself when nothing changed, so the settled blocks are not re-rendered.
 */
export function documentDefinitions(
  previous: DocumentDefinitions,
  settled: readonly LinkDefinition[],
  tail: readonly LinkDefinition[],
): DocumentDefinitions {
  if (settled.length === 0 && tail.length === 0) return noDefinitions
  const seen = new Set<string>()
  const list: LinkDefinition[] = []
  for (const definition of [...settled, ...tail]) {
    if (seen.has(definition.identifier)) continue
    seen.add(definition.identifier)
    list.push(definition)
  }
  const unchanged =
    list.length === previous.list.length &&
    list.every((definition, index) => sameDefinition(definition, previous.list[index]!))
  return unchanged ? previous : { list }
}

function sameDefinition(a: LinkDefinition, b: LinkDefinition): boolean {
  return a.identifier === b.identifier && a.url === b.url && a.title === b.title
}

/** `text` as micromark compares labels: case-insensitively, through lower then upper case. */
export function labelCase(text: string): string {
  return text.toLowerCase().toUpperCase()
}

/**
 * Key for finding labels in a block's source: what stands between each `[` and the `]` closing it
 * (a reference's label is always in brackets, and holds no bracket unless escaped; an unclosed one
 * takes the rest), in `labelCase`. A definition whose label words are not all in it is not used by
 * the block, so changing it does not render the block again. Computed once per block source.
 */
export function labelSearchKey(source: string): string {
  let key = ''
  for (let open = source.indexOf('['); open >= 0; ) {
    let close = source.indexOf(']', open + 1)
    while (close > 0 && source.charCodeAt(close - 1) === 92) close = source.indexOf(']', close + 1)
    if (close < 0) close = source.length
    // The brackets opened inside it close at the same `]`.
    key += `${source.slice(open + 1, close)}\n`
    open = source.indexOf('[', close + 1)
  }
  return labelCase(key)
}

/**
 * The definition lines to render a block with: those whose label may be referenced in the block
 * (every word of the label occurs in its source; a label with non-ASCII letters, whose case
 * mapping may not be one character to one, is always included). Unused extra definitions render
 * nothing, so the filter only has to never miss a used one.
 */
export function definitionsPrefix(searchKey: string, definitions: DocumentDefinitions): string {
  let prefix = ''
  for (const definition of definitionsMayBeUsed(searchKey, definitions)) prefix += `${definitionLine(definition)}\n`
  return prefix === '' ? '' : `${prefix}\n`
}

/** The definitions a source with this search key may use (`labelMayBeUsed`), in document order. */
export function definitionsMayBeUsed(searchKey: string, definitions: DocumentDefinitions): LinkDefinition[] {
  return definitions.list.filter((definition) => labelMayBeUsed(searchKey, definition.identifier))
}

/** `source` with the definition lines it may use written before it (`definitionsPrefix`), as a part of a block renders. */
export function withDefinitionLines(source: string, definitions: DocumentDefinitions): string {
  return definitions.list.length > 0 ? definitionsPrefix(labelSearchKey(source), definitions) + source : source
}

/** Whether a source with this search key may use the label `identifier` (any case, or micromark's normalised form). */
export function labelMayBeUsed(searchKey: string, identifier: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: any character outside ASCII
  if (/[^\u0000-\u007f]/.test(identifier)) return true
  return identifier
    .toUpperCase()
    .split(' ')
    .every((word) => searchKey.includes(word))
}

/**
 * Whether source with this search key may be rendered differently with `next` than with
 * `previous`: a definition it may use was added, removed or changed. When not, a block (or a page
 * of blocks) keeps its render, so a definition arriving or growing in the tail costs a scan of the
 * blocks, not a parse of each.
 */
export function mayRenderDifferently(
  searchKey: string,
  previous: DocumentDefinitions,
  next: DocumentDefinitions,
): boolean {
  if (previous === next) return false
  return changedDefinitions(previous, next).some((definition) => labelMayBeUsed(searchKey, definition.identifier))
}

interface DefinitionsSeen {
  /** The definitions object it rendered with. */
  rendered: DocumentDefinitions
  /** The newest definitions known to render it the same. */
  checked: DocumentDefinitions
}

const seenBy = new WeakMap<object, DefinitionsSeen>()

/**
 * The definitions a settled page or block (`owner`, an object that never changes) renders with:
 * the very object it rendered with last, for as long as no change since could alter its render, so
 * its memoised render stays skipped by identity. Every owner is checked against the same
 * (previous, next) pair when the definitions change, so the comparison is computed once; after
 * that an unchanged owner costs one lookup per commit, not a scan of its text.
 */
export function definitionsFor(
  owner: object,
  definitions: DocumentDefinitions,
  searchKey: () => string,
): DocumentDefinitions {
  const seen = seenBy.get(owner)
  if (seen?.checked === definitions) return seen.rendered
  if (seen && !mayRenderDifferently(searchKey(), seen.checked, definitions)) {
    seen.checked = definitions
    return seen.rendered
  }
  seenBy.set(owner, { rendered: definitions, checked: definitions })
  return definitions
}

let lastChange: { previous: DocumentDefinitions; next: DocumentDefinitions; changed: LinkDefinition[] } | undefined

/** Both versions of every definition that differs between `previous` and `next`. */
function changedDefinitions(previous: DocumentDefinitions, next: DocumentDefinitions): readonly LinkDefinition[] {
  if (lastChange?.previous === previous && lastChange.next === next) return lastChange.changed
  const before = new Map(previous.list.map((definition) => [definition.identifier, definition]))
  const changed: LinkDefinition[] = []
  for (const definition of next.list) {
    const old = before.get(definition.identifier)
    before.delete(definition.identifier)
    if (old && sameDefinition(old, definition)) continue
    changed.push(definition)
    if (old) changed.push(old)
  }
  changed.push(...before.values())
  lastChange = { previous, next, changed }
  return changed
}

/**
 * One line that parses back to exactly this definition: every ASCII punctuation character is
 * backslash-escaped (so nothing in it is syntax or a character reference) and line endings in a
 * title become character references.
 */
function definitionLine({ identifier, url, title }: LinkDefinition): string {
  const destination = `<${escapePunctuation(url)}>`
  return title === null
    ? `[${identifier}]: ${destination}`
    : `[${identifier}]: ${destination} "${escapePunctuation(title).replace(/\r/g, '&#13;').replace(/\n/g, '&#10;')}"`
}

function escapePunctuation(value: string): string {
  return value.replace(/[!-/:-@[-`{-~]/g, '\\$&')
}

const identifiersOf = new WeakMap<DocumentDefinitions, ReadonlySet<string>>()

/** Whether `definitions` define a label, by its identifier (micromark's normalised form, lower-cased as mdast writes it). */
export function definesLabel(definitions: DocumentDefinitions): (identifier: string) => boolean {
  let identifiers = identifiersOf.get(definitions)
  if (!identifiers) {
    identifiers = new Set(definitions.list.map((definition) => definition.identifier))
    identifiersOf.set(definitions, identifiers)
  }
  const found = identifiers
  return (identifier) => found.has(identifier)
}
