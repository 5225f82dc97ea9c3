/**
 * Mounts a React component that renders one whole text (react-markdown, Streamdown) as a
 * `MessageView`: the accumulated text is handed to the component on every commit, as apps do.
 */
import { memo, type ReactNode, useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { MessageView, MountOptions } from './renderer'

export type RenderText = (text: string, streaming: boolean) => ReactNode

interface ViewState {
  text: string
  streaming: boolean
}

/**
 * The streaming text in its own component (its state changes per commit); with `settled`, below a
 * memoised list of finished messages that never re-renders — the best an app does with react-markdown.
 */
export function mountTextView(
  host: HTMLElement,
  options: MountOptions,
  renderText: RenderText,
  settled: readonly string[] = [],
): MessageView {
  const element = document.createElement('div')
  host.append(element)
  let text = ''
  let setView: ((state: ViewState) => void) | undefined
  function TextHost() {
    const [state, set] = useState<ViewState>({ text: '', streaming: true })
    setView = set
    return renderText(state.text, state.streaming)
  }
  const SettledList = memo(function SettledList() {
    return settled.map((settledText, index) => <article key={index}>{renderText(settledText, false)}</article>)
  })
  const root = createRoot(element)
  flushSync(() =>
    root.render(
      <>
        <SettledList />
        <TextHost />
      </>,
    ),
  )
  const show = (streaming: boolean) => setView?.({ text, streaming })
  const natural = options.schedule === 'natural'
  return {
    push(chunk) {
      text += chunk
      if (natural) show(true)
    },
    clear() {
      text = ''
      if (natural) show(true)
    },
    replace(next) {
      text = next
      if (natural) show(true)
    },
    commit() {
      flushSync(() => show(true))
    },
    finish() {
      flushSync(() => show(false))
    },
    textRoot: () => element,
    markup: () => element.innerHTML,
    unmount() {
      root.unmount()
      element.remove()
    },
  }
}

/** Many finished messages in one React root. */
export function mountTextList(host: HTMLElement, texts: readonly string[], renderText: RenderText): () => void {
  const element = document.createElement('div')
  host.append(element)
  const root = createRoot(element)
  flushSync(() => root.render(texts.map((text, index) => <article key={index}>{renderText(text, false)}</article>)))
  return () => root.unmount()
}
