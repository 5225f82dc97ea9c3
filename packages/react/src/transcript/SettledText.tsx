/**
 * The text part of a message that mounted settled (`MessageArticle`): the HTML `TextView` renders
 * for a finished text (the part's `<div>`, its content `<div>`, the markdown), from one component
 * with one hook. The replacement
 * hold and the block path only act while a message streams; a settled text keeps its split (so a
 * rewrite renders only the blocks it changed) and its pages' elements, nothing else.
 */
import { memo, type ReactNode, useRef } from 'react'
import { advanceSplit, type SplitState } from '../markdown/block-splitter'
import { createFinishedRender, type FinishedRender, finishedPages } from '../markdown/FinishedMarkdown'
import { MarkdownSourceContext, useMarkdownSourceStore } from '../markdown/markdown-source'
import { type MarkdownRenderOptions, markdownOptions } from '../markdown/render-options'
import { type RenderSettings, RenderSettingsContext } from '../markdown/render-settings'
import { SplitMarkdown } from '../markdown/StreamingMarkdown'
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

interface SettledTextProps {
  text: string
  epoch: number
  render: SettledTextRender
}

/** What a settled text keeps between renders: its split (a rewrite re-splits only what changed) and its pages. */
interface KeptText {
  split: SplitState | undefined
  pages: FinishedRender
}

/** As `ReplaceableMarkdown`'s content box. */
const contentStyle = { display: 'flow-root' } as const

export const SettledText = memo(function SettledText({ text, epoch, render }: SettledTextProps) {
  const kept = useRef<KeptText | undefined>(undefined)
  kept.current ??= { split: undefined, pages: createFinishedRender() }
  const split = advanceSplit(kept.current.split, text, render.options.syntax)
  kept.current.split = split
  // With footnote definitions the whole text is one block (as `SplitMarkdown` renders it).
  const markdown = (
    <div data-palimpsest-markdown="">
      {split.hasFootnoteDefinitions ? (
        <SplitMarkdown split={split} streaming={false} options={render.options} />
      ) : (
        finishedPages(split, render.options, kept.current.pages)
      )}
    </div>
  )
  return (
    <div data-palimpsest-part="text" data-state="done" data-epoch={epoch}>
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
})

function ProvidedSource({ text, children }: { text: string; children: ReactNode }) {
  const store = useMarkdownSourceStore(text, false)
  return <MarkdownSourceContext.Provider value={store}>{children}</MarkdownSourceContext.Provider>
}
