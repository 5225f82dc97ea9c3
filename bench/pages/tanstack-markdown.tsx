/**
 * TanStack Markdown's React adapter over the whole accumulated text, with its AI streaming extension
 * while the stream runs (it drops empty trailing headings, list items and quotes) and without it
 * once the stream has ended, as its streaming guide sets it up.
 */
import { streamingMarkdownExtension } from '@tanstack/markdown/extensions/streaming'
import { Markdown } from '@tanstack/markdown/react'
import { installBenchApi } from './bench-api'
import { mountTextList, mountTextView, type RenderText } from './react-text-view'
import type { Renderer } from './renderer'

const streamingExtensions = [streamingMarkdownExtension()]
const finishedExtensions: never[] = []

const render: RenderText = (text, streaming) => (
  <Markdown extensions={streaming ? streamingExtensions : finishedExtensions} frontmatter={false} headingIds={false}>
    {text}
  </Markdown>
)

const tanstackMarkdown: Renderer = {
  name: 'tanstack-markdown',
  mount: (host, options) => mountTextView(host, options, render),
  mountMany: (host, texts) => mountTextList(host, texts, render),
}

installBenchApi(tanstackMarkdown)
