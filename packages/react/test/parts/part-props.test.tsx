/**
 * Every exported part forwards its ref to its DOM element and passes HTML props through: a class,
 * a style, data and aria attributes, and event handlers that run beside the part's own.
 */
import type { Message as MessageState, Part, TranscriptStore } from '@palimpsest/core'
import { fireEvent, render } from '@testing-library/react'
import type { CSSProperties, KeyboardEventHandler, MouseEventHandler, ReactElement } from 'react'
import { describe, expect, test, vi } from 'vitest'
import {
  ApprovalRequestView,
  Collapsible,
  DataPartView,
  DiffView,
  ErrorView,
  FileView,
  HandoffView,
  Message,
  Plan,
  PrimaryContent,
  Reasoning,
  ReplaceableMarkdown,
  ResponseIndicator,
  RunStatus,
  SecondaryContent,
  SourceView,
  StatusView,
  StructuredOutput,
  TextView,
  ToolCall,
  TranscriptProvider,
  Usage,
} from '../../src'
import { everyPartKind } from '../every-part-kind'
import { applyNow, syncStore } from '../render-helpers'

/** What a consumer passes to every part. */
interface ConsumerProps {
  ref: (element: HTMLElement | null) => void
  className: string
  style: CSSProperties
  'data-consumer': string
  'aria-describedby': string
  onClick: MouseEventHandler<HTMLElement>
  onKeyDown: KeyboardEventHandler<HTMLElement>
}

function setupStore(): TranscriptStore {
  const store = syncStore()
  applyNow(store, [
    { type: 'turn-start', turnId: 't1' },
    ...everyPartKind,
    { type: 'message-start', messageId: 'cut', role: 'assistant' },
    { type: 'chunk', messageId: 'cut', text: 'half an ans' },
    { type: 'message-done', messageId: 'cut', status: 'interrupted' },
    { type: 'chunk', messageId: 'json', text: '{"city": "Oslo", "days": [1, 2]}' },
    { type: 'message-done', messageId: 'json' },
    { type: 'usage', usage: { inputTokens: 10, outputTokens: 2 } },
  ])
  return store
}

function messageOf(store: TranscriptStore, id: string): MessageState {
  const message = store.getState().messages[id]
  if (!message) throw new Error(`no message ${id}`)
  return message
}

function partOf<K extends Part['kind']>(
  message: MessageState,
  kind: K,
  which: (part: Extract<Part, { kind: K }>) => boolean = () => true,
): Extract<Part, { kind: K }> {
  const part = message.parts.find((p): p is Extract<Part, { kind: K }> => p.kind === kind && which(p as never))
  if (!part) throw new Error(`no ${kind} part in ${message.id}`)
  return part
}

interface PartCase {
  name: string
  /** The element the part renders, found in the rendered tree. */
  element: string
  render: (store: TranscriptStore, props: ConsumerProps) => ReactElement
}

const toolCall = (store: TranscriptStore, id: string) =>
  partOf(messageOf(store, 'a1'), 'tool-call', (p) => p.toolCallId === id)
const panel = <P extends Part>(part: P, store: TranscriptStore) => ({
  part,
  message: messageOf(store, 'a1'),
  streaming: false,
})

const cases: PartCase[] = [
  { name: 'Message', element: 'article[data-message-id="a1"]', render: (_, p) => <Message messageId="a1" {...p} /> },
  {
    name: 'Message.Root',
    element: 'article[data-message-id="a1"]',
    render: (s, p) => <Message.Root message={messageOf(s, 'a1')} {...p} />,
  },
  {
    name: 'Message.Header',
    element: 'header[data-palimpsest-message-header]',
    render: (s, p) => (
      <Message.Root message={messageOf(s, 'a1')}>
        <Message.Header {...p} />
      </Message.Root>
    ),
  },
  {
    name: 'Message.StatusBadge',
    element: 'span[data-palimpsest-badge="message-status"]',
    render: (s, p) => (
      <Message.Root message={messageOf(s, 'cut')}>
        <Message.StatusBadge {...p} />
      </Message.Root>
    ),
  },
  {
    name: 'PrimaryContent',
    element: 'div[data-palimpsest-slot="primary"]',
    render: (s, p) => (
      <Message.Root message={messageOf(s, 'a1')}>
        <PrimaryContent {...p} />
      </Message.Root>
    ),
  },
  {
    name: 'SecondaryContent',
    element: 'div[data-palimpsest-slot="secondary"]',
    render: (s, p) => (
      <Message.Root message={messageOf(s, 'a1')}>
        <SecondaryContent {...p} />
      </Message.Root>
    ),
  },
  {
    name: 'Collapsible.Root',
    element: 'div[data-state]',
    render: (_, p) => <Collapsible.Root {...p} />,
  },
  {
    name: 'Collapsible.Trigger',
    element: 'button[aria-expanded]',
    render: (_, p) => (
      <Collapsible.Root>
        <Collapsible.Trigger {...p}>Details</Collapsible.Trigger>
      </Collapsible.Root>
    ),
  },
  {
    name: 'Collapsible.Content',
    element: 'div[data-state] > div[data-state]',
    render: (_, p) => (
      <Collapsible.Root defaultOpen>
        <Collapsible.Content {...p}>Inside</Collapsible.Content>
      </Collapsible.Root>
    ),
  },
  {
    name: 'Reasoning',
    element: '[data-palimpsest-part="reasoning"]',
    render: (s, p) => <Reasoning {...panel(partOf(messageOf(s, 'a1'), 'reasoning'), s)} {...p} />,
  },
  {
    name: 'Reasoning.Root',
    element: '[data-palimpsest-part="reasoning"]',
    render: (s, p) => <Reasoning.Root {...panel(partOf(messageOf(s, 'a1'), 'reasoning'), s)} {...p} />,
  },
  {
    name: 'Reasoning.Trigger',
    element: 'button[data-palimpsest-trigger]',
    render: (s, p) => (
      <Reasoning.Root {...panel(partOf(messageOf(s, 'a1'), 'reasoning'), s)}>
        <Reasoning.Trigger {...p} />
      </Reasoning.Root>
    ),
  },
  {
    name: 'Reasoning.Content',
    element: '[data-palimpsest-panel-content]',
    render: (s, p) => (
      <Reasoning.Root {...panel(partOf(messageOf(s, 'a1'), 'reasoning'), s)} open>
        <Reasoning.Content {...p} />
      </Reasoning.Root>
    ),
  },
  {
    name: 'Plan',
    element: '[data-palimpsest-part="plan"]',
    render: (s, p) => <Plan {...panel(partOf(messageOf(s, 'a1'), 'plan'), s)} {...p} />,
  },
  {
    name: 'Plan.Root',
    element: '[data-palimpsest-part="plan"]',
    render: (s, p) => <Plan.Root {...panel(partOf(messageOf(s, 'a1'), 'plan'), s)} {...p} />,
  },
  {
    name: 'Plan.Trigger',
    element: 'button[data-palimpsest-trigger]',
    render: (s, p) => (
      <Plan.Root {...panel(partOf(messageOf(s, 'a1'), 'plan'), s)}>
        <Plan.Trigger {...p} />
      </Plan.Root>
    ),
  },
  {
    name: 'Plan.Content',
    element: '[data-palimpsest-panel-content]',
    render: (s, p) => (
      <Plan.Root {...panel(partOf(messageOf(s, 'a1'), 'plan'), s)} open>
        <Plan.Content {...p} />
      </Plan.Root>
    ),
  },
  {
    name: 'ToolCall',
    element: '[data-palimpsest-part="tool-call"]',
    render: (s, p) => <ToolCall {...panel(toolCall(s, 'read'), s)} {...p} />,
  },
  {
    name: 'ToolCall.Root',
    element: '[data-palimpsest-part="tool-call"]',
    render: (s, p) => <ToolCall.Root {...panel(toolCall(s, 'read'), s)} {...p} />,
  },
  {
    name: 'ToolCall.Trigger',
    element: 'button[data-palimpsest-trigger]',
    render: (s, p) => (
      <ToolCall.Root {...panel(toolCall(s, 'read'), s)}>
        <ToolCall.Trigger {...p} />
      </ToolCall.Root>
    ),
  },
  {
    name: 'ToolCall.Content',
    element: '[data-palimpsest-panel-content]',
    render: (s, p) => (
      <ToolCall.Root {...panel(toolCall(s, 'read'), s)} open>
        <ToolCall.Content {...p} />
      </ToolCall.Root>
    ),
  },
  {
    name: 'ToolCall.StatusBadge',
    element: 'span[data-palimpsest-badge="status"]',
    render: (s, p) => (
      <ToolCall.Root {...panel(toolCall(s, 'read'), s)}>
        <ToolCall.StatusBadge {...p} />
      </ToolCall.Root>
    ),
  },
  {
    name: 'ToolCall.Input',
    element: '[data-palimpsest-tool-section="input"]',
    render: (s, p) => (
      <ToolCall.Root {...panel(toolCall(s, 'edit'), s)}>
        <ToolCall.Input {...p} />
      </ToolCall.Root>
    ),
  },
  {
    name: 'ToolCall.Output',
    element: '[data-palimpsest-tool-section="output"]',
    render: (s, p) => (
      <ToolCall.Root {...panel(toolCall(s, 'read'), s)}>
        <ToolCall.Output {...p} />
      </ToolCall.Root>
    ),
  },
  {
    name: 'ToolCall.Locations',
    element: 'ul[data-palimpsest-tool-locations]',
    render: (s, p) => (
      <ToolCall.Root {...panel(toolCall(s, 'read'), s)}>
        <ToolCall.Locations {...p} />
      </ToolCall.Root>
    ),
  },
  {
    name: 'TextView',
    element: '[data-palimpsest-part="text"]',
    render: (s, p) => <TextView {...panel(partOf(messageOf(s, 'a1'), 'text'), s)} {...p} />,
  },
  {
    name: 'DataPartView',
    element: 'figure[data-palimpsest-part="data"]',
    render: (s, p) => <DataPartView {...panel(partOf(messageOf(s, 'a1'), 'data'), s)} {...p} />,
  },
  {
    name: 'FileView',
    element: '[data-palimpsest-part="file"]',
    render: (s, p) => <FileView {...panel(partOf(messageOf(s, 'a1'), 'file'), s)} {...p} />,
  },
  {
    name: 'SourceView',
    element: 'cite[data-palimpsest-part="source"]',
    render: (s, p) => <SourceView {...panel(partOf(messageOf(s, 'a1'), 'source'), s)} {...p} />,
  },
  {
    name: 'ErrorView',
    element: '[data-palimpsest-part="error"]',
    render: (s, p) => <ErrorView {...panel(partOf(messageOf(s, 'a1'), 'error'), s)} {...p} />,
  },
  {
    name: 'ApprovalRequestView',
    element: '[data-palimpsest-part="approval-request"]',
    render: (s, p) => <ApprovalRequestView {...panel(partOf(messageOf(s, 'a1'), 'approval-request'), s)} {...p} />,
  },
  {
    name: 'HandoffView',
    element: 'p[data-palimpsest-part="handoff"]',
    render: (s, p) => <HandoffView {...panel(partOf(messageOf(s, 'a1'), 'handoff'), s)} {...p} />,
  },
  {
    name: 'StatusView',
    element: 'p[data-palimpsest-part="status"]',
    render: (s, p) => <StatusView {...panel(partOf(messageOf(s, 'a1'), 'status'), s)} {...p} />,
  },
  {
    name: 'DiffView',
    element: 'figure[data-palimpsest-diff]',
    render: (_, p) => <DiffView path="a.ts" oldText={'a\n'} newText={'b\n'} {...p} />,
  },
  {
    name: 'ReplaceableMarkdown',
    element: 'div[data-epoch]',
    render: (_, p) => <ReplaceableMarkdown text="**hi**" epoch={0} streaming={false} messageStreaming={false} {...p} />,
  },
  { name: 'RunStatus', element: '[data-palimpsest-run-status]', render: (_, p) => <RunStatus {...p} /> },
  { name: 'Usage', element: 'dl[data-palimpsest-usage]', render: (_, p) => <Usage {...p} /> },
  {
    name: 'ResponseIndicator',
    element: '[data-palimpsest-response-indicator]',
    render: (_, p) => <ResponseIndicator {...p} />,
  },
  {
    name: 'StructuredOutput',
    element: 'section[data-palimpsest-structured-output]',
    render: (_, p) => <StructuredOutput messageId="json" {...p} />,
  },
]

function renderPart(partCase: PartCase) {
  const store = setupStore()
  const refs: (HTMLElement | null)[] = []
  const clicked: EventTarget[] = []
  const onClick = vi.fn((event: { currentTarget: EventTarget }) => {
    clicked.push(event.currentTarget)
  })
  const onKeyDown = vi.fn()
  const props: ConsumerProps = {
    ref: (element) => {
      refs.push(element)
    },
    className: 'mine',
    style: { marginTop: '7px' },
    'data-consumer': 'yes',
    'aria-describedby': 'help',
    onClick,
    onKeyDown,
  }
  const view = render(<TranscriptProvider store={store}>{partCase.render(store, props)}</TranscriptProvider>)
  const element = view.container.querySelector<HTMLElement>(partCase.element)
  if (!element) throw new Error(`${partCase.name} rendered no ${partCase.element}`)
  return { view, element, refs, clicked, onClick, onKeyDown }
}

describe.each(cases)('$name', (partCase) => {
  test('its ref is its DOM element', () => {
    const { element, refs } = renderPart(partCase)
    expect(refs.at(-1)).toBe(element)
  })

  test('className, style, data-* and aria-* reach its element', () => {
    const { element } = renderPart(partCase)
    expect(element.classList.contains('mine')).toBe(true)
    expect(element.style.marginTop).toBe('7px')
    expect(element.dataset.consumer).toBe('yes')
    expect(element.getAttribute('aria-describedby')).toBe('help')
    // The part's own attributes are still there.
    expect(element.matches(partCase.element)).toBe(true)
  })

  test('a consumer onClick and onKeyDown run on its element', () => {
    const { element, clicked, onClick, onKeyDown } = renderPart(partCase)
    fireEvent.click(element)
    fireEvent.keyDown(element, { key: 'x' })
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(clicked).toEqual([element])
    expect(onKeyDown).toHaveBeenCalledTimes(1)
  })
})
