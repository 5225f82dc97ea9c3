/** Streamdown (Vercel's streaming react-markdown replacement) with its defaults, told when the stream ends. */
import { code } from '@streamdown/code'
import { Streamdown } from 'streamdown'
import { installBenchApi } from './bench-api'
import { mountTextList, mountTextView, type RenderText } from './react-text-view'
import type { Renderer } from './renderer'

/** `?highlight` (set by `highlight-stream-probe.ts`): code fences highlighted by `@streamdown/code`, its grammars loaded before the page reports ready. */
const highlight = new URLSearchParams(location.search).has('highlight')
const plugins = highlight ? { code } : undefined

const render: RenderText = (text, streaming) => (
  <Streamdown mode={streaming ? 'streaming' : 'static'} isAnimating={streaming} plugins={plugins}>
    {text}
  </Streamdown>
)

/** Resolves once `@streamdown/code` has highlighted a line of each language (it loads Shiki and grammars on first use). */
function loadLanguages(): Promise<unknown> {
  const languages = ['typescript', 'python', 'diff'] as const
  return Promise.all(
    languages.map(
      (language) =>
        new Promise<void>((resolve) => {
          const result = code.highlight({ code: 'x', language, themes: code.getThemes() }, () => resolve())
          if (result) resolve()
        }),
    ),
  )
}

const streamdown: Renderer = {
  name: 'streamdown',
  mount: (host, options) => mountTextView(host, options, render),
  mountMany: (host, texts) => mountTextList(host, texts, render),
}

if (highlight) loadLanguages().then(() => installBenchApi(streamdown))
else installBenchApi(streamdown)
