/**
 * The text part of a message that mounted settled (`MessageArticle`): the HTML `TextView` renders
 * for a finished text (the part's `<div>`, its content `<div>`, the markdown), rendered by the
 * message's own component. The replacement hold and the block path only act while a message
 * streams; a settled text keeps its split (so a rewrite renders only the blocks it changed) and its
 * pages' elements, nothing else.
 */
import type { ReactNode } from 'react'
import { advanceSplit } from '../markdown/block-splitter'
import {
  createFinishedRender,
  type FinishedRender,
  finishedPages,
  releaseFinishedBlocks,
  renderedElements,
  restoreFinishedBlocks,
} from '../markdown/FinishedMarkdown'
import { MarkdownSourceContext, useMarkdownSourceValue } from '../markdown/markdown-source'
import { type MarkdownRenderOptions, markdownOptions } from '../markdown/render-options'
import { type RenderSettings, RenderSettingsContext } from '../markdown/render-settings'
import { SplitMarkdown } from '../markdown/StreamingMarkdown'
import { hasFootnoteDefinitions, type SplitState } from '../markdown/split-state'
import type { TranscriptOptions } from '../options/options-context'

/** How every settled text of a transcript renders (one object per transcript options object). */
export interface SettledTextRender {
  options: MarkdownRenderOptions
  /** Undefined when the element overrides see the default settings (no provider is needed). */
  settings: RenderSettings | undefined
  /** A user's element override may read the source (`useMarkdownSource`), so each text provides it. */
  providesSource: boolean
}

const renders = new WeakMap<TranscriptOptions, SettledTextRender>()

/** Shared by every settled text under the same options: no render options or settings per message. */
export function settledTextRender(transcript: TranscriptOptions): SettledTextRender {
  let render = renders.get(transcript)
  if (!render) {
    const { markdownComponents: components, highlight, autoDirection, markdownSyntax: syntax } = transcript
    const { blockRemoteImages } = transcript
    render = {
      options: markdownOptions({ components, highlight, autoDirection, syntax, blockRemoteImages }),
      settings: components || highlight ? { components, highlight, onIssue: undefined } : undefined,
      providesSource: components !== undefined,
    }
    renders.set(transcript, render)
  }
  return render
}

/**
 * What a settled text keeps between renders of its message: the text and options its pages were
 * rendered with, and the pages' elements. The split (every block's record, text and tree
 * bookkeeping) is dropped while it is the split of the text alone, which is what a history's
 * messages keep for as long as they are shown: a rewrite splits the old text again (the same
 * blocks under the same keys) and goes on from there, rendering only the blocks it changed.
 */
export class KeptText {
  text: string | undefined = undefined
  options: MarkdownRenderOptions | undefined = undefined
  /** Undefined while released (see above). */
  split: SplitState | undefined = undefined
  readonly pages: FinishedRender = createFinishedRender()
  constructor(
    readonly partId: string,
    /** What the message's other text parts keep (a message has one text part, seldom more). */
    readonly next: KeptText | undefined,
  ) {}
}

/** The pages of `text`, rendered again only when the text or the options changed. */
function renderedPages(text: string, render: SettledTextRender, kept: KeptText): ReactNode[] {
  const { options } = render
  if (kept.text === text && kept.options === options) return renderedElements(kept.pages)
  const released = kept.split === undefined
  let previous = kept.split
  if (released && kept.text !== undefined) {
    previous = advanceSplit(undefined, kept.text, options.syntax)
    restoreFinishedBlocks(kept.pages, previous)
  }
  const split = advanceSplit(previous, text, options.syntax)
  kept.text = text
  kept.options = options
  kept.split = split
  // With footnote definitions, `SplitMarkdown` renders it (the blocks are numbered through the text).
  if (hasFootnoteDefinitions(split)) return []
  const pages = finishedPages(split, options, kept.pages)
  // Still the split of the text alone: made from nothing, or made again and not changed.
  if (released && (previous === undefined || split === previous)) {
    kept.split = undefined
    releaseFinishedBlocks(kept.pages)
  }
  return pages
}

/** As `ReplaceableMarkdown`'s content box. */
const contentStyle = { display: 'flow-root' } as const

/**
 * The elements of a settled text part, rendered by its message's component (no component of its
 * own: a fiber, its props and its hook per message). The pages none of whose blocks changed are the
 * elements they were, so React skips them when the message renders for another reason.
 */
export function settledText(text: string, epoch: number, render: SettledTextRender, kept: KeptText): ReactNode {
  const pages = renderedPages(text, render, kept)
  const markdown = (
    <div data-palimpsest-markdown="">
      {kept.split && hasFootnoteDefinitions(kept.split) ? (
        <SplitMarkdown split={kept.split} streaming={false} options={render.options} />
      ) : (
        pages
      )}
    </div>
  )
  return (
    <div key={kept.partId} data-palimpsest-part="text" data-state="done" data-epoch={epoch}>
      <div data-palimpsest-content="" style={contentStyle}>
        {render.settings ? (
          <RenderSettingsContext.Provider value={render.settings}>
            {render.providesSource ? <ProvidedSource text={text}>{markdown}</ProvidedSource> : markdown}
          </RenderSettingsContext.Provider>
        ) : (
          markdown
        )}
      </div>
    </div>
  )
}

function ProvidedSource({ text, children }: { text: string; children: ReactNode }) {
  const store = useMarkdownSourceValue(text, false)
  return <MarkdownSourceContext.Provider value={store}>{children}</MarkdownSourceContext.Provider>
}
