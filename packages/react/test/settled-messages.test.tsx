/**
 * Messages that mount settled (a transcript's history) render their text through `settledText`: the
 * same HTML as messages that streamed to the same end, rewrites that render only what changed,
 * context readers that follow the message, and the streaming text path again once a message streams.
 */
import type { AgentUpdate, TextPart } from '@palimpsest/core'
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type PartProps, Transcript, useMessageContext } from '../src'
import { type MarkdownWork, setMarkdownWorkListener } from '../src/markdown/instrumentation'
import { applyNow, syncStore } from './render-helpers'

afterEach(() => setMarkdownWorkListener(undefined))

const answer = [
  '## Heading',
  'A paragraph with [a link](https://example.com), *emphasis* and `code`.',
  '- one\n- two',
  '```ts\nconst x = 1\n```',
  '| a | b |\n| - | - |\n| 1 | 2 |',
].join('\n\n')

/**
 * A history: a question, an answer with reasoning, an answer that ended in an error, one by a named
 * author, one with a footnote and a link definition.
 */
const history: AgentUpdate[] = [
  { type: 'message-start', messageId: 'q', role: 'user' },
  { type: 'chunk', messageId: 'q', text: 'What is **x**?' },
  { type: 'message-done', messageId: 'q', status: 'complete' },
  { type: 'message-start', messageId: 'a', role: 'assistant' },
  { type: 'thought', messageId: 'a', text: 'Thinking about *x*.' },
  { type: 'chunk', messageId: 'a', text: answer },
  { type: 'message-done', messageId: 'a', status: 'complete' },
  { type: 'message-start', messageId: 'e', role: 'assistant', author: 'Helper' },
  { type: 'chunk', messageId: 'e', text: 'Half an answer' },
  { type: 'message-done', messageId: 'e', status: 'error' },
  { type: 'message-start', messageId: 'f', role: 'assistant' },
  {
    type: 'chunk',
    messageId: 'f',
    text: 'A note[^1] and a [reference].\n\n[^1]: The note.\n\n[reference]: https://example.com',
  },
  { type: 'message-done', messageId: 'f', status: 'complete' },
]

/**
 * The messages of a rendered transcript, without its live region (which announces what streamed),
 * and with React's generated ids (`useId`, which differ between two roots) made equal.
 */
function messagesHtml(container: HTMLElement): string {
  return [...container.querySelectorAll('[data-palimpsest-message]')]
    .map((message) => message.outerHTML.replace(/_r_[0-9a-z]+_/g, '_r_'))
    .join('')
}

describe('messages that mount settled', () => {
  it('render the HTML of the same messages streamed while the transcript was mounted', () => {
    const settledStore = syncStore()
    applyNow(settledStore, history)
    const settled = render(<Transcript store={settledStore} />)

    const streamedStore = syncStore()
    const streamed = render(<Transcript store={streamedStore} />)
    // One update per flush: each message mounts streaming and goes through the full layout.
    for (const update of history) applyNow(streamedStore, update)

    expect(settled.container.querySelectorAll('[data-palimpsest-message]')).toHaveLength(4)
    expect(settled.container.querySelector('[data-message-id="f"] a[href="https://example.com"]')).not.toBeNull()
    expect(settled.container.querySelector('[data-message-id="f"] [data-footnotes]')).not.toBeNull()
    expect(settled.container.querySelector('[data-palimpsest-badge="message-status"]')?.textContent).toBeTruthy()
    expect(messagesHtml(settled.container)).toBe(messagesHtml(streamed.container))
  })

  it('take a full replacement (not sealed): only the changed block renders, the others keep their DOM nodes', () => {
    const store = syncStore()
    applyNow(store, history)
    const { container } = render(<Transcript store={store} />)
    const heading = container.querySelector('[data-message-id="a"] h2')
    const list = container.querySelector('[data-message-id="a"] ul')
    const rendered: number[] = []
    setMarkdownWorkListener((work: MarkdownWork) => {
      if (work.kind === 'block-render') rendered.push(work.blockKey)
    })
    applyNow(store, {
      type: 'full',
      messageId: 'a',
      target: 'text',
      text: answer.replace('*emphasis*', '**strong words**'),
    })
    expect(container.querySelector('[data-message-id="a"] strong')?.textContent).toBe('strong words')
    expect(rendered).toHaveLength(1)
    expect(container.querySelector('[data-message-id="a"] h2')).toBe(heading)
    expect(container.querySelector('[data-message-id="a"] ul')).toBe(list)
  })

  it('take one full replacement after another: each renders only the block it changed', () => {
    const store = syncStore()
    applyNow(store, history)
    const { container } = render(<Transcript store={store} />)
    const heading = container.querySelector('[data-message-id="a"] h2')
    const rendered: number[] = []
    setMarkdownWorkListener((work: MarkdownWork) => {
      if (work.kind === 'block-render') rendered.push(work.blockKey)
    })
    const first = answer.replace('*emphasis*', '**strong words**')
    applyNow(store, { type: 'full', messageId: 'a', target: 'text', text: first })
    const list = container.querySelector('[data-message-id="a"] ul')
    applyNow(store, { type: 'full', messageId: 'a', target: 'text', text: first.replace('- two', '- three') })
    expect(rendered).toHaveLength(2)
    expect(container.querySelector('[data-message-id="a"] strong')?.textContent).toBe('strong words')
    expect(container.querySelector('[data-message-id="a"] ul')?.textContent).toBe('\none\nthree\n')
    expect(container.querySelector('[data-message-id="a"] ul')).toBe(list)
    expect(container.querySelector('[data-message-id="a"] h2')).toBe(heading)

    const reference = syncStore()
    applyNow(reference, [
      ...history.slice(0, 5),
      { type: 'chunk', messageId: 'a', text: first.replace('- two', '- three') },
    ])
    applyNow(reference, history.slice(6))
    const fresh = render(<Transcript store={reference} />)
    // The text as rendered from scratch (the replacements grew the part's epoch, on its own element).
    const markdownOf = (root: HTMLElement) =>
      root.querySelector('[data-message-id="a"] [data-palimpsest-part="text"] [data-palimpsest-markdown]')?.innerHTML
    expect(markdownOf(container)).toBe(markdownOf(fresh.container))
  })

  it('tell a part component that reads the message context when the message changes', () => {
    function TextWithStatus({ part }: PartProps<TextPart>) {
      const message = useMessageContext()
      return <p data-testid={`status-${message.id}`}>{`${message.status}: ${part.text}`}</p>
    }
    const store = syncStore()
    applyNow(store, [
      { type: 'message-start', messageId: 'm', role: 'assistant' },
      { type: 'chunk', messageId: 'm', text: 'Partial' },
      { type: 'message-done', messageId: 'm', status: 'complete' },
    ])
    const { getByTestId } = render(<Transcript store={store} components={{ text: TextWithStatus }} />)
    expect(getByTestId('status-m').textContent).toBe('complete: Partial')
    applyNow(store, { type: 'full', messageId: 'm', target: 'text', text: 'Replaced' })
    expect(getByTestId('status-m').textContent).toBe('complete: Replaced')
  })

  it('render through the full layout once they stream again, and end as a streamed message ends', () => {
    const store = syncStore()
    applyNow(store, [
      { type: 'message-start', messageId: 'm', role: 'assistant' },
      { type: 'chunk', messageId: 'm', text: 'First part. ' },
      { type: 'message-done', messageId: 'm', status: 'interrupted' },
    ])
    const { container } = render(<Transcript store={store} caret />)
    expect(container.querySelector('[data-palimpsest-caret]')).toBeNull()
    applyNow(store, [
      { type: 'message-start', messageId: 'm', role: 'assistant' },
      { type: 'chunk', messageId: 'm', text: 'Resumed' },
    ])
    const message = container.querySelector('[data-message-id="m"]')
    expect(message?.getAttribute('data-status')).toBe('streaming')
    expect(container.querySelector('[data-palimpsest-caret]')).not.toBeNull()
    applyNow(store, { type: 'message-done', messageId: 'm', status: 'complete' })

    const reference = syncStore()
    const streamed = render(<Transcript store={reference} caret />)
    applyNow(reference, [{ type: 'message-start', messageId: 'm', role: 'assistant' }])
    applyNow(reference, [{ type: 'chunk', messageId: 'm', text: 'First part. Resumed' }])
    applyNow(reference, [{ type: 'message-done', messageId: 'm', status: 'complete' }])
    expect(messagesHtml(container)).toBe(messagesHtml(streamed.container))
  })
})
