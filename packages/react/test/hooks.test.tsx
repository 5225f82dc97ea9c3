import type { TextPart } from '@palimpsest/core'
import { act, render, screen } from '@testing-library/react'
import { memo, Profiler } from 'react'
import { expect, test } from 'vitest'
import {
  Message,
  type MessageComponentProps,
  type PartProps,
  Transcript,
  TranscriptProvider,
  useIsStreaming,
  useMessage,
  useMessageContext,
  useMessageIds,
  usePart,
} from '../src'
import { applyNow, syncStore } from './render-helpers'

function seedThreeMessages() {
  const store = syncStore()
  applyNow(store, [
    { type: 'chunk', messageId: 'a', text: 'first answer' },
    { type: 'message-done', messageId: 'a' },
    { type: 'chunk', messageId: 'b', text: 'second answer' },
    { type: 'message-done', messageId: 'b' },
    { type: 'chunk', messageId: 'c', text: 'third' },
  ])
  return store
}

test('a token on one message re-renders only that message in the Transcript; settled ones never re-render', () => {
  const store = seedThreeMessages()
  const renders: Record<string, number> = {}
  function CountingMessage({ message }: MessageComponentProps) {
    renders[message.id] = (renders[message.id] ?? 0) + 1
    return <p data-testid={message.id}>{message.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('')}</p>
  }
  const components = { Message: CountingMessage }
  render(<Transcript store={store} components={components} />)
  expect(renders).toEqual({ a: 1, b: 1, c: 1 })

  for (let i = 0; i < 20; i++) applyNow(store, { type: 'chunk', messageId: 'c', text: ` token${i}` })
  expect(renders.a).toBe(1)
  expect(renders.b).toBe(1)
  expect(renders.c).toBe(21)
  expect(screen.getByTestId('c').textContent).toContain('token19')

  // A new message appears without re-rendering the settled ones either.
  applyNow(store, [
    { type: 'message-done', messageId: 'c' },
    { type: 'chunk', messageId: 'd', text: 'fourth' },
  ])
  expect(renders.a).toBe(1)
  expect(renders.b).toBe(1)
  expect(screen.getByTestId('d').textContent).toBe('fourth')
})

test('useMessage subscribers of settled messages do not commit while another message streams', () => {
  const store = seedThreeMessages()
  const commits: string[] = []
  function Row({ id }: { id: string }) {
    return (
      <Profiler id={id} onRender={(profiledId) => commits.push(profiledId)}>
        <MessageById id={id} />
      </Profiler>
    )
  }
  function MessageById({ id }: { id: string }) {
    const message = useMessage(id)
    return <div>{message?.revision}</div>
  }
  function List() {
    return useMessageIds().map((id) => <Row key={id} id={id} />)
  }
  render(
    <TranscriptProvider store={store}>
      <List />
    </TranscriptProvider>,
  )
  commits.length = 0
  for (let i = 0; i < 5; i++) applyNow(store, { type: 'chunk', messageId: 'c', text: '.' })
  expect(commits).toEqual(['c', 'c', 'c', 'c', 'c'])
})

test('with the built-in layout, parts of settled messages (and settled parts of the streaming one) never re-render', () => {
  const store = seedThreeMessages()
  applyNow(store, { type: 'tool-call', messageId: 'c', toolCallId: 't', name: 'search', status: 'completed' })
  applyNow(store, { type: 'chunk', messageId: 'c', text: 'after the tool' })
  const renders: Record<string, number> = {}
  function CountingText({ part, message }: PartProps<TextPart>) {
    const key = `${message.id}/${part.id}`
    renders[key] = (renders[key] ?? 0) + 1
    return <p>{part.text}</p>
  }
  const components = { text: CountingText }
  render(<Transcript store={store} components={components} />)
  const afterMount = { ...renders }
  expect(Object.keys(afterMount).sort()).toEqual(['a/text#0', 'b/text#0', 'c/text#0', 'c/text#1'])
  for (let i = 0; i < 10; i++) applyNow(store, { type: 'chunk', messageId: 'c', text: ` more${i}` })
  expect(renders['a/text#0']).toBe(afterMount['a/text#0'])
  expect(renders['b/text#0']).toBe(afterMount['b/text#0'])
  expect(renders['c/text#0']).toBe(afterMount['c/text#0']) // the text before the tool call is settled
  expect(renders['c/text#1']).toBe((afterMount['c/text#1'] ?? 0) + 10)
})

test('usePart re-renders for its own part only, and useIsStreaming follows the transcript', () => {
  const store = syncStore()
  applyNow(store, [
    { type: 'thought', messageId: 'm', text: 'thinking' },
    { type: 'chunk', messageId: 'm', text: 'answer' },
  ])
  const seen: string[] = []
  function ReasoningText() {
    const part = usePart('m', 'reasoning#0')
    seen.push(part?.kind === 'reasoning' ? part.text : 'missing')
    return null
  }
  function Busy() {
    return <span data-testid="busy">{String(useIsStreaming())}</span>
  }
  render(
    <TranscriptProvider store={store}>
      <ReasoningText />
      <Busy />
    </TranscriptProvider>,
  )
  applyNow(store, { type: 'chunk', messageId: 'm', text: ' more' })
  applyNow(store, { type: 'chunk', messageId: 'm', text: ' and more' })
  expect(seen).toEqual(['thinking'])
  expect(screen.getByTestId('busy').textContent).toBe('true')
  applyNow(store, { type: 'turn-end', stopReason: 'end_turn' })
  expect(screen.getByTestId('busy').textContent).toBe('false')
})

test('the React layer keeps no copy of the messages: resetting the store empties the transcript', () => {
  const store = seedThreeMessages()
  const { container } = render(<Transcript store={store} />)
  expect(container.querySelectorAll('[data-palimpsest-message]')).toHaveLength(3)
  act(() => store.getState().reset())
  expect(container.querySelectorAll('[data-palimpsest-message]')).toHaveLength(0)
})

test('useTranscriptStore outside a provider says how to fix it', () => {
  function Orphan() {
    useMessageIds()
    return null
  }
  expect(() => render(<Orphan />)).toThrow(/TranscriptProvider/)
})

test('useMessageContext keeps a memoised reader inside Message.Root current as the message streams and ends', () => {
  const store = syncStore()
  applyNow(store, [{ type: 'chunk', messageId: 'm', text: 'Hello' }])
  // Memoised with no props: it re-renders only because the message it reads changed.
  const StatusLine = memo(function StatusLine() {
    const message = useMessageContext()
    const text = message.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('')
    return <output data-testid="status">{`${message.status}: ${text}`}</output>
  })
  function Shell({ messageId }: { messageId: string }) {
    const message = useMessage(messageId)
    return message ? (
      <Message.Root message={message}>
        <StatusLine />
      </Message.Root>
    ) : null
  }
  render(
    <TranscriptProvider store={store}>
      <Shell messageId="m" />
    </TranscriptProvider>,
  )
  expect(screen.getByTestId('status').textContent).toBe('streaming: Hello')
  act(() => applyNow(store, [{ type: 'chunk', messageId: 'm', text: ', world' }]))
  expect(screen.getByTestId('status').textContent).toBe('streaming: Hello, world')
  act(() => applyNow(store, [{ type: 'message-done', messageId: 'm', status: 'complete' }]))
  expect(screen.getByTestId('status').textContent).toBe('complete: Hello, world')
})
