/** react-markdown (+ remark-gfm) over the whole accumulated text on every chunk batch: what most apps do. */
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { installBenchApi } from './bench-api'
import { mountTextList, mountTextView, type RenderText } from './react-text-view'
import type { Renderer } from './renderer'

const plugins = [remarkGfm]
const render: RenderText = (text) => <Markdown remarkPlugins={plugins}>{text}</Markdown>

const reactMarkdown: Renderer = {
  name: 'react-markdown',
  mount: (host, options) => mountTextView(host, options, render),
  mountMany: (host, texts) => mountTextList(host, texts, render),
  mountBelowHistory: (host, settled) => mountTextView(host, { schedule: 'manual' }, render, settled),
}

installBenchApi(reactMarkdown)
