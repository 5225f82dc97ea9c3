/** Test harness: stream text into a live `StreamingMarkdown` root and render react-markdown references. */
import type { Root as HastRoot } from 'hast'
import { act, type ReactElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { renderToStaticMarkup } from 'react-dom/server'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { visit } from 'unist-util-visit'
import { expect } from 'vitest'
import { StreamingMarkdown, type StreamingMarkdownProps } from '../../src/markdown'
import { advanceSplit } from '../../src/markdown/block-splitter'
import { setMarkdownWorkListener } from '../../src/markdown/instrumentation'
import { type DocumentDefinitions, definitionsPrefix, labelSearchKey } from '../../src/markdown/link-definitions'
import type { Components } from '../../src/markdown/markdown-pipeline'
import { type MarkdownRenderOptions, markdownOptions } from '../../src/markdown/render-options'
import { type RenderSettings, RenderSettingsContext } from '../../src/markdown/render-settings'
import { SplitMarkdown, tailBlock } from '../../src/markdown/StreamingMarkdown'
import { type MarkdownBlock, type SplitState, settledBlocks } from '../../src/markdown/split-state'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

export interface LiveMarkdown {
  container: HTMLElement
  render(props: StreamingMarkdownProps): void
  unmount(): void
}

export function liveMarkdown(): LiveMarkdown {
  const container = document.createElement('div')
  document.body.append(container)
  const root: Root = createRoot(container)
  return {
    container,
    render(props) {
      act(() => root.render(<StreamingMarkdown {...props} />))
    },
    unmount() {
      act(() => root.unmount())
      container.remove()
    },
  }
}

/** The reference renders with remark-gfm itself, not the component's shared-extension plugin. */
const referencePlugins = [remarkGfm]

/**
 * The attributes `StreamingMarkdown` documents for links and tables, for react-markdown references
 * (a rehype plugin): a link to another server (`http(s)://` or `//`) gets `rel="noopener
 * noreferrer"` and the `linkTarget` asked for, a table `tabIndex={0}` before its other attributes.
 */
/** The characters parsed while `work` runs, one entry per parse: the splitter's, and each block render's that parses. */
export function charsParsedBy(work: () => void): number[] {
  const parsed: number[] = []
  setMarkdownWorkListener((item) => {
    if (item.kind === 'split-parse' || (item.kind === 'block-render' && item.parsed !== false)) parsed.push(item.chars)
  })
  try {
    work()
  } finally {
    setMarkdownWorkListener(undefined)
  }
  return parsed
}

export function referenceElementAttributes({ linkTarget }: { linkTarget?: string | undefined } = {}) {
  return (tree: HastRoot) =>
    visit(tree, 'element', (element) => {
      const href = element.properties.href
      if (element.tagName === 'table') element.properties = { tabIndex: 0, ...element.properties }
      else if (element.tagName === 'a' && typeof href === 'string' && /^\s*(?:https?:)?\/\//i.test(href)) {
        element.properties.rel = ['noopener', 'noreferrer']
        if (linkTarget) element.properties.target = linkTarget
      }
    })
}

/** Inner HTML of react-markdown's own render of the whole text, with the options StreamingMarkdown uses. */
export function referenceHtml(text: string, props: Partial<StreamingMarkdownProps> = {}): string {
  const live = liveReference()
  live.render(text, props)
  const html = live.html()
  live.unmount()
  return html
}

function liveReference() {
  const container = document.createElement('div')
  const root = createRoot(container)
  return {
    render(text: string, props: Partial<StreamingMarkdownProps>) {
      const options = markdownOptions({ components: props.components, highlight: props.highlight })
      act(() =>
        root.render(
          <Markdown
            {...options}
            remarkPlugins={referencePlugins}
            rehypePlugins={[[referenceElementAttributes, { linkTarget: props.linkTarget }]]}
          >
            {text}
          </Markdown>,
        ),
      )
    },
    html: () => container.innerHTML,
    unmount: () => act(() => root.unmount()),
  }
}

/**
 * The markdown element's blocks as HTML, without the wrapper and the page elements grouping them.
 * Read from a copy, so the live component can go on rendering.
 */
export function renderedHtml(live: LiveMarkdown): string {
  return markdownHtml(live.container)
}

/** `renderedHtml` of a container holding a markdown element (a live one's, or a copy of it). */
export function markdownHtml(container: Element): string {
  const markdown = container.firstElementChild
  return markdown ? blocksHtml(markdown.cloneNode(true) as Element) : ''
}

/** What a fresh render of `props` shows (`renderedHtml`), from a component mounted for it alone. */
export function freshHtml(props: StreamingMarkdownProps): string {
  const fresh = liveMarkdown()
  fresh.render(props)
  const html = renderedHtml(fresh)
  fresh.unmount()
  return html
}

/** The inner HTML of `element` with its block pages (`data-palimpsest-block-page`) unwrapped in place. */
function blocksHtml(element: Element): string {
  const pages = element.querySelectorAll(':scope > [data-palimpsest-block-page]')
  for (const page of pages) page.replaceWith(...page.childNodes)
  return element.innerHTML
}

/**
 * Server-rendered `html` with the block pages unwrapped. Markdown cannot produce the page's opening
 * tag (raw HTML is escaped), so each occurrence opens a page whose closing tag ends the piece.
 */
function unwrapPages(html: string): string {
  const [before = '', ...pages] = html.split(pageOpening)
  return before + pages.map((page) => (page.endsWith('</div>') ? page.slice(0, -'</div>'.length) : page)).join('')
}

/** A settled page is a stacking context; the page holding the streaming tail is not. */
const pageOpening = /<div data-palimpsest-block-page=""(?: style="isolation:isolate")?>/

/** Split `text` at the given sorted cut offsets. */
export function chunksAt(text: string, cuts: readonly number[]): string[] {
  const chunks: string[] = []
  let from = 0
  for (const cut of cuts) {
    if (cut <= from || cut >= text.length) continue
    chunks.push(text.slice(from, cut))
    from = cut
  }
  chunks.push(text.slice(from))
  return chunks
}

/** Where a node starts (line:column:offset) and ends (offset): overrides write it, so a position a kept tree got wrong shows. */
export function positionLabel(
  node:
    | { position?: { start: { line: number; column: number; offset?: number }; end: { offset?: number } } }
    | undefined,
): string {
  const position = node?.position
  return `${position?.start.line}:${position?.start.column}:${position?.start.offset}-${position?.end.offset}`
}

/**
 * Streams `markdown` in chunks of the given sizes (cycled), checking each step against a fresh render
 * and, without components, the finished text against react-markdown.
 */
export function streamChecked(
  markdown: string,
  sizes: readonly number[],
  components?: StreamingMarkdownProps['components'],
): void {
  const live = liveMarkdown()
  // The text's end, where a streaming step differs.
  const shown = (text: string) => JSON.stringify(text.length > 200 ? `…${text.slice(-200)}` : text)
  try {
    let end = 0
    for (let step = 0; end < markdown.length; step++) {
      end = Math.min(markdown.length, end + sizes[step % sizes.length]!)
      const text = markdown.slice(0, end)
      live.render({ text, streaming: true, components })
      expect(renderedHtml(live), shown(text)).toBe(freshHtml({ text, streaming: true, components }))
    }
    if (components) return
    live.render({ text: markdown, streaming: false })
    expect(renderedHtml(live), shown(markdown)).toBe(referenceHtml(markdown))
  } finally {
    live.unmount()
  }
}

/** Stream the chunks (streaming=true after each), then finish (streaming=false); returns the final HTML. */
export function streamThrough(
  live: LiveMarkdown,
  chunks: readonly string[],
  props: Partial<StreamingMarkdownProps> = {},
) {
  let text = ''
  for (const chunk of chunks) {
    text += chunk
    live.render({ ...props, text, streaming: true })
  }
  live.render({ ...props, text, streaming: false })
  return renderedHtml(live)
}

/** Everything a render of a split state depends on, without the keys (a fresh split numbers its blocks from 0). */
export function splitObservable(state: SplitState) {
  const block = ({ key: _key, ...rest }: { key: number }) => rest
  return {
    text: state.text,
    settled: settledBlocks(state).map(block),
    settledCount: state.settledCount,
    settledHasOutput: state.settledHasOutput,
    settledEnd: state.settledEnd,
    tail: state.tail.map(block),
    tailLeaf: state.tailLeaf,
    definitions: state.definitions.list,
    streamingDefinitions: state.streamingDefinitions.list,
    hasDefinitions: state.hasDefinitions,
    settledFootnoteBlocks: state.settledFootnoteBlocks,
  }
}

/** Drive the splitter through the chunks (one text state per chunk), returning every state. */
export function splitStates(chunks: readonly string[]): SplitState[] {
  const states: SplitState[] = []
  let state: SplitState | undefined
  let text = ''
  for (const chunk of chunks) {
    text += chunk
    state = advanceSplit(state, text)
    states.push(state)
  }
  return states
}

const plainOptions = markdownOptions({ components: undefined, highlight: undefined })

/** Server render of a split state, the way `StreamingMarkdown` renders it. */
export function staticSplitHtml(state: SplitState, streaming = false): string {
  return unwrapPages(
    renderToStaticMarkup(
      <div>
        <SplitMarkdown split={state} streaming={streaming} options={plainOptions} />
      </div>,
    ),
  )
}

/** Server render of react-markdown on the whole text, same options and wrapper. */
export function staticReferenceHtml(text: string): string {
  return renderToStaticMarkup(
    <div>
      <Markdown {...plainOptions} remarkPlugins={referencePlugins} rehypePlugins={[referenceElementAttributes]}>
        {text}
      </Markdown>
    </div>,
  )
}

/** HTML with every element's attributes in name order: React adds attributes to reused nodes in arrival order. */
export function canonicalHtml(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  for (const element of template.content.querySelectorAll('*')) {
    const attributes = [...element.attributes].map((attribute) => [attribute.name, attribute.value] as const)
    for (const [name] of attributes) element.removeAttribute(name)
    for (const [name, value] of attributes.sort(([a], [b]) => a.localeCompare(b))) element.setAttribute(name, value)
  }
  return template.innerHTML
}

/**
 * For a split state whose streaming tail renders through a component of its own (a table by rows, a
 * list by items): that component's HTML (`renderTail`, undefined when the tail is not one it renders)
 * and react-markdown's HTML of the same repaired tail, with the definitions it may use.
 */
export function tailBesideReference(
  state: SplitState,
  components: Components | undefined,
  renderTail: (
    block: MarkdownBlock,
    options: MarkdownRenderOptions,
    definitions: DocumentDefinitions,
  ) => ReactElement | undefined,
): { tail: string; whole: string } | undefined {
  const last = state.tail[state.tail.length - 1]
  const block = last && tailBlock(state, last, true)
  const both = block && blockBesideReference(block, state.streamingDefinitions, components, renderTail)
  return both && { tail: both.own, whole: both.whole }
}

/**
 * A block rendered by `render` (undefined when it does not render that block) and react-markdown's
 * HTML of its text, with the definitions it may use.
 */
export function blockBesideReference(
  block: MarkdownBlock,
  definitions: DocumentDefinitions,
  components: Components | undefined,
  render: (
    block: MarkdownBlock,
    options: MarkdownRenderOptions,
    definitions: DocumentDefinitions,
  ) => ReactElement | undefined,
): { own: string; whole: string } | undefined {
  const options = markdownOptions({ components, highlight: undefined })
  const own = render(block, options, definitions)
  if (!own) return undefined
  const settings: RenderSettings = { components, highlight: undefined, onIssue: undefined }
  const html = (element: ReactElement) =>
    renderToStaticMarkup(<RenderSettingsContext.Provider value={settings}>{element}</RenderSettingsContext.Provider>)
  const prefix = definitions.list.length > 0 ? definitionsPrefix(labelSearchKey(block.text), definitions) : ''
  return {
    own: html(own),
    whole: html(
      <Markdown {...options} remarkPlugins={referencePlugins} rehypePlugins={[referenceElementAttributes]}>
        {prefix + block.text}
      </Markdown>,
    ),
  }
}
