/**
 * The default syntax's parse: CommonMark with GFM, from micromark's events to the mdast that
 * `mdast-util-from-markdown` with GFM's mdast extensions builds (the same nodes, fields and
 * positions; the test holds the two equal). Written here for what a block parse pays before it reads
 * a character: `fromMarkdown` merges micromark's constructs with GFM's on every call (about a fifth
 * of parsing a short paragraph) and dispatches each event through handler tables built per call.
 * Here micromark's parser is built once, and one switch per event builds the tree; the page carries
 * no `mdast-util-from-markdown` or GFM mdast extensions unless an app defines its own syntax.
 */
import { decodeNamedCharacterReference } from 'decode-named-character-reference'
import type { Code, Heading, Image, Link, List, ListItem, Nodes, Paragraph, Root, Text } from 'mdast'
import { parse, postprocess, preprocess } from 'micromark'
import { gfm } from 'micromark-extension-gfm'
import { decodeNumericCharacterReference } from 'micromark-util-decode-numeric-character-reference'
import { decodeString } from 'micromark-util-decode-string'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import type { Event, ParseContext, Token, TokenizeContext, Point as TokenPoint } from 'micromark-util-types'
import type { DefinedLabels, LabelsDefinedElsewhere } from './defined-labels'
import { linkLiteralsIn } from './literal-autolinks'

/** A list or list item token, with whether it is spread (set while the list's events are prepared). */
type ListToken = Token & { _spread?: boolean }
/** A table token, with its columns' alignment (set by micromark's GFM table construct). */
type TableToken = Token & { _align?: readonly ('left' | 'right' | 'center' | 'none')[] }

/** What `buffer` opens: children collected for a value (a label, a URL, code) rather than the tree. */
interface Fragment {
  type: 'fragment'
  children: Nodes[]
}

type StackNode = Root | Nodes | Fragment
type AnyNode = Record<string, unknown> & { type: string; position?: unknown; children?: unknown[] }

let parser: ParseContext | undefined
/** The parser's own fields; anything else on it is a document's state (GFM keeps its footnote labels there). */
const parserFields = new Set(['constructs', 'content', 'document', 'flow', 'string', 'text', 'defined', 'lazy'])

/**
 * micromark's events for `source`, from one parser kept for every call, its per-document state reset;
 * with `elsewhere`, as if the document also defined those labels in other parts.
 */
function eventsOf(source: string, elsewhere?: LabelsDefinedElsewhere): Event[] {
  parser ??= parse({ extensions: [gfm()] })
  const fields = parser as unknown as Record<string, unknown>
  for (const key in fields) if (!parserFields.has(key)) fields[key] = undefined
  parser.defined = elsewhere ? [...elsewhere.links] : []
  parser.lazy = {}
  if (elsewhere) fields.gfmFootnotes = [...elsewhere.footnotes]
  return postprocess(parser.document().write(preprocess()(source, undefined, true)))
}

/**
 * The mdast of `source`. With `literalAutolinks`, also links the `www.`, `http(s)://` and e-mail
 * addresses micromark leaves in text (after an escape or a character reference, say).
 */
export function markdownToSyntaxTree(source: string, literalAutolinks: boolean): Root {
  const tree = compile(eventsOf(source))
  if (literalAutolinks) linkLiteralsIn(tree)
  return tree
}

/**
 * `markdownToSyntaxTree` for a part of a document whose other parts define the labels `elsewhere`:
 * its references and footnote calls of them resolve as in the whole document. `defined`: every label
 * the parse had defined, those and the part's own.
 */
export function markdownToSyntaxTreeDefining(
  source: string,
  literalAutolinks: boolean,
  elsewhere: LabelsDefinedElsewhere,
): { tree: Root; defined: DefinedLabels } {
  const tree = compile(eventsOf(source, elsewhere))
  if (literalAutolinks) linkLiteralsIn(tree)
  const fields = parser as unknown as { defined: string[]; gfmFootnotes?: string[] }
  return { tree, defined: { links: new Set(fields.defined), footnotes: new Set(fields.gfmFootnotes) } }
}

const point = (at: TokenPoint) => ({ line: at.line, column: at.column, offset: at.offset })

/** Node types whose text keeps its line endings (a fragment: code, labels and titles being collected). */
const keepsLineEndings = new Set(['emphasis', 'fragment', 'heading', 'paragraph', 'strong', 'delete'])

function compile(given: Event[]): Root {
  const events = withListItems(given)
  const tree: Root = { type: 'root', children: [] }
  const stack: StackNode[] = [tree]
  // Per-parse flags, as the events leave them for the ones after.
  let expectingFirstListItemValue = false
  let inFencedCode = false
  let slurpLineEnding = false
  let atHardBreak = false
  let inReference = false
  let referenceType: 'collapsed' | 'full' | undefined
  let numericReference: 10 | 16 | undefined
  let inTable = false

  const top = () => stack[stack.length - 1] as AnyNode
  const enter = (created: object, token: Token) => {
    const node = created as AnyNode
    ;(top().children as unknown[]).push(node)
    stack.push(node as StackNode)
    node.position = { start: point(token.start), end: undefined }
  }
  const exit = (token: Token) => {
    const node = stack.pop() as AnyNode
    ;(node.position as { end: unknown }).end = point(token.end)
  }
  const buffer = () => {
    stack.push({ type: 'fragment', children: [] })
  }
  const resume = () => textOf(stack.pop() as Fragment)
  const enterData = (token: Token) => {
    const siblings = top().children as Nodes[]
    let tail = siblings[siblings.length - 1]
    if (tail?.type !== 'text') {
      tail = { type: 'text', value: '', position: { start: point(token.start), end: point(token.end) } }
      siblings.push(tail)
    }
    stack.push(tail)
  }
  const exitData = (token: Token, context: TokenizeContext) => {
    const tail = stack.pop() as Text
    tail.value += context.sliceSerialize(token)
    ;(tail.position as { end: unknown }).end = point(token.end)
  }

  for (const [kind, token, context] of events) {
    const type = token.type as string
    if (kind === 'enter') {
      switch (type) {
        case 'atxHeading':
        case 'setextHeading':
          enter({ type: 'heading', depth: 0, children: [] }, token)
          break
        case 'blockQuote':
          enter({ type: 'blockquote', children: [] }, token)
          break
        case 'codeFenced':
          enter({ type: 'code', lang: null, meta: null, value: '' }, token)
          break
        case 'codeIndented':
          enter({ type: 'code', lang: null, meta: null, value: '' }, token)
          buffer()
          break
        case 'codeText':
          enter({ type: 'inlineCode', value: '' }, token)
          buffer()
          break
        case 'htmlFlow':
        case 'htmlText':
          enter({ type: 'html', value: '' }, token)
          buffer()
          break
        case 'definition':
          enter({ type: 'definition', identifier: '', label: null, title: null, url: '' }, token)
          break
        case 'emphasis':
          enter({ type: 'emphasis', children: [] }, token)
          break
        case 'strong':
          enter({ type: 'strong', children: [] }, token)
          break
        case 'strikethrough':
          enter({ type: 'delete', children: [] }, token)
          break
        case 'hardBreakEscape':
        case 'hardBreakTrailing':
          enter({ type: 'break' }, token)
          break
        case 'thematicBreak':
          enter({ type: 'thematicBreak' }, token)
          break
        case 'paragraph':
          enter({ type: 'paragraph', children: [] }, token)
          break
        case 'image':
          enter({ type: 'image', title: null, url: '', alt: null }, token)
          break
        case 'link':
        case 'autolink':
        case 'literalAutolink':
          enter({ type: 'link', title: null, url: '', children: [] }, token)
          break
        case 'listOrdered':
          expectingFirstListItemValue = true
          enter(listNode(token as ListToken), token)
          break
        case 'listUnordered':
          enter(listNode(token as ListToken), token)
          break
        case 'listItem':
          enter({ type: 'listItem', spread: (token as ListToken)._spread, checked: null, children: [] }, token)
          break
        case 'listItemValue':
          if (expectingFirstListItemValue) {
            ;(stack[stack.length - 2] as List).start = Number.parseInt(context.sliceSerialize(token), 10)
            expectingFirstListItemValue = false
          }
          break
        case 'reference':
          referenceType = 'collapsed'
          break
        case 'table':
          enter(
            {
              type: 'table',
              align: ((token as TableToken)._align ?? []).map((align) => (align === 'none' ? null : align)),
              children: [],
            },
            token,
          )
          inTable = true
          break
        case 'tableRow':
          enter({ type: 'tableRow', children: [] }, token)
          break
        case 'tableHeader':
        case 'tableData':
          enter({ type: 'tableCell', children: [] }, token)
          break
        case 'gfmFootnoteCall':
          enter({ type: 'footnoteReference', identifier: '', label: '' }, token)
          break
        case 'gfmFootnoteDefinition':
          enter({ type: 'footnoteDefinition', identifier: '', label: '', children: [] }, token)
          break
        case 'codeFencedFenceInfo':
        case 'codeFencedFenceMeta':
        case 'definitionDestinationString':
        case 'definitionLabelString':
        case 'definitionTitleString':
        case 'label':
        case 'referenceString':
        case 'resourceDestinationString':
        case 'resourceTitleString':
        case 'gfmFootnoteCallString':
        case 'gfmFootnoteDefinitionLabelString':
          buffer()
          break
        case 'data':
        case 'codeFlowValue':
        case 'codeTextData':
        case 'htmlFlowData':
        case 'htmlTextData':
        case 'characterEscape':
        case 'characterReference':
        case 'autolinkProtocol':
        case 'autolinkEmail':
        case 'literalAutolinkEmail':
        case 'literalAutolinkHttp':
        case 'literalAutolinkWww':
          enterData(token)
          break
      }
      continue
    }
    switch (type) {
      case 'atxHeadingSequence': {
        const heading = top() as unknown as Heading
        if (!heading.depth) heading.depth = context.sliceSerialize(token).length as Heading['depth']
        break
      }
      case 'setextHeadingText':
        slurpLineEnding = true
        break
      case 'setextHeadingLineSequence':
        ;(top() as unknown as Heading).depth = context.sliceSerialize(token).codePointAt(0) === 61 ? 1 : 2
        break
      case 'setextHeading':
        slurpLineEnding = false
        exit(token)
        break
      case 'codeFencedFenceInfo': {
        const lang = resume()
        ;(top() as unknown as Code).lang = lang
        break
      }
      case 'codeFencedFenceMeta': {
        const meta = resume()
        ;(top() as unknown as Code).meta = meta
        break
      }
      case 'codeFencedFence':
        // The opening fence ends: collect the code. The closing fence finds it collecting.
        if (!inFencedCode) {
          buffer()
          inFencedCode = true
        }
        break
      case 'codeFenced': {
        const value = resume()
        ;(top() as unknown as Code).value = value.replace(/^(\r?\n|\r)|(\r?\n|\r)$/g, '')
        inFencedCode = false
        exit(token)
        break
      }
      case 'codeIndented': {
        const value = resume()
        ;(top() as unknown as Code).value = value.replace(/(\r?\n|\r)$/g, '')
        exit(token)
        break
      }
      case 'codeText': {
        let value = resume()
        if (inTable) value = value.replace(/\\([\\|])/g, (whole, escaped) => (escaped === '|' ? escaped : whole))
        top().value = value
        exit(token)
        break
      }
      case 'htmlFlow':
      case 'htmlText': {
        const value = resume()
        top().value = value
        exit(token)
        break
      }
      case 'definitionLabelString':
      case 'referenceString':
      case 'gfmFootnoteCallString':
      case 'gfmFootnoteDefinitionLabelString': {
        const label = resume()
        const node = top() as { label?: string | null; identifier?: string }
        node.label = label
        node.identifier = normalizeIdentifier(context.sliceSerialize(token)).toLowerCase()
        if (type === 'referenceString') referenceType = 'full'
        break
      }
      case 'definitionDestinationString':
      case 'resourceDestinationString': {
        const url = resume()
        top().url = url
        break
      }
      case 'definitionTitleString':
      case 'resourceTitleString': {
        const title = resume()
        top().title = title
        break
      }
      case 'hardBreakEscape':
      case 'hardBreakTrailing':
        atHardBreak = true
        exit(token)
        break
      case 'lineEnding': {
        const parent = top()
        if (atHardBreak) {
          // The break takes the line ending after it.
          const children = parent.children as AnyNode[]
          ;((children[children.length - 1] as AnyNode).position as { end: unknown }).end = point(token.end)
          atHardBreak = false
        } else if (!slurpLineEnding && keepsLineEndings.has(parent.type)) {
          enterData(token)
          exitData(token, context)
        }
        break
      }
      case 'labelText': {
        const string = context.sliceSerialize(token)
        const node = stack[stack.length - 2] as { label?: string; identifier?: string }
        node.label = decodeString(string)
        node.identifier = normalizeIdentifier(string).toLowerCase()
        break
      }
      case 'label': {
        const fragment = stack.pop() as Fragment
        const node = top() as unknown as Link | Image
        inReference = true
        if (node.type === 'link') node.children = fragment.children as Link['children']
        else node.alt = textOf(fragment)
        break
      }
      case 'resource':
        inReference = false
        break
      case 'link':
      case 'image': {
        const node = top()
        if (inReference) {
          node.type += 'Reference'
          node.referenceType = referenceType ?? 'shortcut'
          delete node.url
          delete node.title
        } else {
          delete node.identifier
          delete node.label
        }
        referenceType = undefined
        exit(token)
        break
      }
      case 'characterReferenceMarkerNumeric':
        numericReference = 10
        break
      case 'characterReferenceMarkerHexadecimal':
        numericReference = 16
        break
      case 'characterReferenceValue': {
        const value = context.sliceSerialize(token)
        ;(top() as unknown as Text).value += numericReference
          ? decodeNumericCharacterReference(value, numericReference)
          : decodeNamedCharacterReference(value)
        numericReference = undefined
        break
      }
      case 'characterReference': {
        const tail = stack.pop() as Text
        ;(tail.position as { end: unknown }).end = point(token.end)
        break
      }
      case 'data':
      case 'codeFlowValue':
      case 'codeTextData':
      case 'htmlFlowData':
      case 'htmlTextData':
      case 'characterEscapeValue':
        exitData(token, context)
        break
      case 'autolinkProtocol':
      case 'literalAutolinkHttp':
        exitData(token, context)
        ;(top() as unknown as Link).url = context.sliceSerialize(token)
        break
      case 'autolinkEmail':
      case 'literalAutolinkEmail':
        exitData(token, context)
        ;(top() as unknown as Link).url = `mailto:${context.sliceSerialize(token)}`
        break
      case 'literalAutolinkWww':
        exitData(token, context)
        ;(top() as unknown as Link).url = `http://${context.sliceSerialize(token)}`
        break
      case 'taskListCheckValueChecked':
      case 'taskListCheckValueUnchecked':
        ;(stack[stack.length - 2] as ListItem).checked = type === 'taskListCheckValueChecked'
        break
      case 'paragraph':
        dropTaskListSpace(stack)
        exit(token)
        break
      case 'table':
        exit(token)
        inTable = false
        break
      case 'atxHeading':
      case 'blockQuote':
      case 'definition':
      case 'emphasis':
      case 'strong':
      case 'strikethrough':
      case 'thematicBreak':
      case 'autolink':
      case 'literalAutolink':
      case 'listOrdered':
      case 'listUnordered':
      case 'listItem':
      case 'tableRow':
      case 'tableHeader':
      case 'tableData':
      case 'gfmFootnoteCall':
      case 'gfmFootnoteDefinition':
        exit(token)
        break
    }
  }
  const origin = { line: 1, column: 1, offset: 0 }
  tree.position = {
    start: events.length > 0 ? point((events[0] as Event)[1].start) : origin,
    end: events.length > 0 ? point((events[events.length - 2] as Event)[1].end) : origin,
  }
  return tree
}

function listNode(token: ListToken): List {
  return { type: 'list', ordered: token.type === 'listOrdered', start: null, spread: token._spread, children: [] }
}

/** A task item's first paragraph starts after its checkbox: its first text loses the space after `[x]`. */
function dropTaskListSpace(stack: StackNode[]): void {
  const item = stack[stack.length - 2]
  if (item?.type !== 'listItem' || typeof item.checked !== 'boolean') return
  const paragraph = stack[stack.length - 1] as Paragraph
  const head = paragraph.children[0]
  if (head?.type !== 'text' || item.children.find((child) => child.type === 'paragraph') !== paragraph) return
  head.value = head.value.slice(1)
  if (head.value.length === 0) paragraph.children.shift()
  else if (paragraph.position && head.position && typeof head.position.start.offset === 'number') {
    head.position.start.column++
    head.position.start.offset++
    paragraph.position.start = { ...head.position.start }
  }
}

/** The text of collected nodes, as `mdast-util-to-string` reads it (an image's alt, raw HTML included). */
function textOf(node: Nodes | Fragment): string {
  if ('value' in node) return node.value
  if ('alt' in node && node.alt) return node.alt
  if ('children' in node) {
    let text = ''
    for (const child of node.children as Nodes[]) text += textOf(child)
    return text
  }
  return ''
}

/**
 * The events with an enter and an exit event for each list item, and each list and item marked
 * spread or tight: micromark gives a list's item prefixes and blank lines, not its items. An item
 * ends before the line endings and container prefixes that trail it; a blank line between two of its
 * direct children (not inside a nested container, not right after its marker) spreads it, and a
 * blank line between items spreads the list.
 */
function withListItems(events: Event[]): Event[] {
  const prepared: Event[] = []
  const openLists: number[] = []
  for (const event of events) {
    prepared.push(event)
    const type = event[1].type as string
    if (type !== 'listOrdered' && type !== 'listUnordered') continue
    if (event[0] === 'enter') openLists.push(prepared.length - 1)
    else addListItems(prepared, openLists.pop() as number)
  }
  return prepared
}

const trailingPrefixes = new Set([
  'linePrefix',
  'blockQuotePrefix',
  'blockQuotePrefixWhitespace',
  'blockQuoteMarker',
  'listItemIndent',
])
const markerParts = new Set([
  'linePrefix',
  'listItemValue',
  'listItemMarker',
  'listItemPrefix',
  'listItemPrefixWhitespace',
])

/** Inserts the item events of the list whose enter event is at `start` (its exit is the last event). */
function addListItems(events: Event[], start: number): void {
  const end = events.length - 1
  let depth = -1
  let listSpread = false
  let item: ListToken | undefined
  let firstBlankLine: number | undefined
  let atMarker: boolean | undefined
  const insertions: { at: number; event: Event }[] = []
  for (let index = start; index <= end; index++) {
    const event = events[index] as Event
    const type = event[1].type as string
    if (type === 'listUnordered' || type === 'listOrdered' || type === 'blockQuote') {
      depth += event[0] === 'enter' ? 1 : -1
      atMarker = undefined
    } else if (type === 'lineEndingBlank') {
      if (event[0] === 'enter') {
        if (item && !atMarker && !depth && !firstBlankLine) firstBlankLine = index
        atMarker = undefined
      }
    } else if (!markerParts.has(type)) atMarker = undefined

    const itemStarts = !depth && event[0] === 'enter' && type === 'listItemPrefix'
    const listEnds = depth === -1 && event[0] === 'exit' && (type === 'listUnordered' || type === 'listOrdered')
    if (!itemStarts && !listEnds) continue
    if (item) {
      // The item ends before the line endings (and their prefixes) that trail it.
      let lineIndex: number | undefined
      for (let back = index - 1; back >= 0; back--) {
        const trailing = events[back] as Event
        const trailingType = trailing[1].type as string
        if (trailingType === 'lineEnding' || trailingType === 'lineEndingBlank') {
          if (trailing[0] === 'exit') continue
          if (lineIndex) {
            ;(events[lineIndex] as Event)[1].type = 'lineEndingBlank'
            listSpread = true
          }
          trailing[1].type = 'lineEnding'
          lineIndex = back
        } else if (!trailingPrefixes.has(trailingType)) break
      }
      if (firstBlankLine && (!lineIndex || firstBlankLine < lineIndex)) item._spread = true
      item.end = { ...(lineIndex ? (events[lineIndex] as Event)[1].start : event[1].end) }
      insertions.push({ at: lineIndex || index, event: ['exit', item, event[2]] })
    }
    if (itemStarts) {
      item = { type: 'listItem', _spread: false, start: { ...event[1].start }, end: undefined } as unknown as ListToken
      insertions.push({ at: index, event: ['enter', item, event[2]] })
      firstBlankLine = undefined
      atMarker = true
    }
  }
  const listEvents = events.splice(start)
  let insertion = 0
  listEvents.forEach((event, offset) => {
    while (insertion < insertions.length && (insertions[insertion] as { at: number }).at === start + offset)
      events.push((insertions[insertion++] as { event: Event }).event)
    events.push(event)
  })
  ;((events[start] as Event)[1] as ListToken)._spread = listSpread
}
