/** Streamdown (Vercel's streaming react-markdown replacement) with its defaults, told when the stream ends. */
import { Streamdown } from 'streamdown'
import { installBenchApi } from './bench-api'
import { mountTextList, mountTextView, type RenderText } from './react-text-view'
import type { Renderer } from './renderer'

const render: RenderText = (text, streaming) => (
  <Streamdown mode={streaming ? 'streaming' : 'static'} isAnimating={streaming}>
    {text}
  </Streamdown>
)

const streamdown: Renderer = {
  name: 'streamdown',
  mount: (host, options) => mountTextView(host, options, render),
  mountMany: (host, texts) => mountTextList(host, texts, render),
}

installBenchApi(streamdown)
