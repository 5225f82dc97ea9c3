/**
 * A tool call as a collapsible panel: name or title, kind, a status badge, the streamed input
 * (pretty-printed incrementally while it streams), output, diffs, terminals and locations.
 * Everything the tool produced renders as text, never as HTML.
 */
import type { ToolCallContent, ToolCallPart } from '@palimpsest/core'
import { type ComponentPropsWithoutRef, forwardRef, useMemo, useRef } from 'react'
import { createJsonPrettyPrinter, type JsonPrettyPrinter } from '../json/json-pretty-printer'
import { prettyJson } from '../json/json-text'
import { usePartContext } from '../message/part-context'
import { resolvePanelDefault, useTranscriptOptions } from '../options/options-context'
import { Collapsible, type CollapsibleContentProps, type CollapsibleTriggerProps } from '../primitives/Collapsible'
import { DiffView } from './DiffView'
import { FileContent } from './FileView'
import { PartPanelRoot, type PartPanelRootProps } from './PartPanelRoot'

export type ToolCallRootProps = PartPanelRootProps<ToolCallPart>

const ToolCallRoot = forwardRef<HTMLDivElement, ToolCallRootProps>(function ToolCallRoot(props, ref) {
  const { panels } = useTranscriptOptions()
  return (
    <PartPanelRoot
      ref={ref}
      {...props}
      panelDefaultOpen={resolvePanelDefault(panels['tool-call'], props.streaming)}
      data={{
        'data-status': props.part.status,
        'data-tool-kind': props.part.toolKind,
        'data-tool-name': props.part.name,
      }}
    />
  )
})

/** The status as a word (not only a colour): Pending, Running, Completed, Failed, Cancelled. */
const ToolCallStatusBadge = forwardRef<HTMLSpanElement, Omit<ComponentPropsWithoutRef<'span'>, 'children'>>(
  function ToolCallStatusBadge(props, ref) {
    const { part } = usePartContext<ToolCallPart>('tool-call')
    const { labels } = useTranscriptOptions()
    return (
      <span ref={ref} data-palimpsest-badge="status" {...props} data-status={part.status}>
        {labels.toolStatus[part.status] ?? part.status}
      </span>
    )
  },
)

const ToolCallTrigger = forwardRef<HTMLButtonElement, CollapsibleTriggerProps>(function ToolCallTrigger(
  { children, ...rest },
  ref,
) {
  const { part } = usePartContext<ToolCallPart>('tool-call')
  return (
    <Collapsible.Trigger ref={ref} data-palimpsest-trigger="" {...rest}>
      {children ?? (
        <>
          <span data-palimpsest-tool-title="">{part.title ?? part.name ?? part.toolCallId}</span>
          {part.toolKind !== 'other' && (
            <span data-palimpsest-badge="kind" data-tool-kind={part.toolKind}>
              {part.toolKind}
            </span>
          )}
          <ToolCallStatusBadge />
        </>
      )}
    </Collapsible.Trigger>
  )
})

/**
 * The arguments. While they stream, `inputText` is pretty-printed incrementally (O(delta) per
 * update); a parsed `input` without streamed text is stringified once.
 */
const ToolCallInput = forwardRef<HTMLDivElement, Omit<ComponentPropsWithoutRef<'div'>, 'children'>>(
  function ToolCallInput(props, ref) {
    const { part } = usePartContext<ToolCallPart>('tool-call')
    const { labels } = useTranscriptOptions()
    const printer = useRef<JsonPrettyPrinter | null>(null)
    let text: string | undefined
    if (part.inputText !== '') {
      if (!printer.current || printer.current.length > part.inputText.length)
        printer.current = createJsonPrettyPrinter()
      if (printer.current.length < part.inputText.length)
        printer.current.push(part.inputText.slice(printer.current.length))
      text = printer.current.output
    }
    const parsed = useMemo(
      () => (part.inputText === '' && part.input !== undefined ? prettyJson(part.input).text : undefined),
      [part.inputText, part.input],
    )
    text ??= parsed
    if (text === undefined) return null
    return (
      <div ref={ref} data-palimpsest-tool-section="input" {...props}>
        <h4 data-palimpsest-tool-heading="">{labels.input}</h4>
        <pre data-palimpsest-json="">
          <code>{text}</code>
        </pre>
      </div>
    )
  },
)

function ContentItem({ item, id }: { item: ToolCallContent; id: string }) {
  const { labels } = useTranscriptOptions()
  switch (item.type) {
    case 'text':
      return <pre data-palimpsest-tool-content="text">{item.text}</pre>
    case 'diff':
      return <DiffView path={item.path} oldText={item.oldText} newText={item.newText} />
    case 'terminal':
      return (
        <figure data-palimpsest-tool-content="terminal" data-terminal-id={item.terminalId}>
          <figcaption>
            {labels.terminal} {item.terminalId}
          </figcaption>
          <pre data-palimpsest-terminal-output="">{item.output ?? ''}</pre>
        </figure>
      )
    case 'image':
    case 'file':
      return (
        <div data-palimpsest-tool-content={item.type}>
          <FileContent
            {...(item.url !== undefined && { url: item.url })}
            {...(item.data !== undefined && { data: item.data })}
            mimeType={item.mimeType ?? (item.type === 'image' ? 'image/png' : undefined)}
            {...(item.type === 'file' && item.name !== undefined && { name: item.name })}
            issueLabel={`tool call ${id} content`}
          />
        </div>
      )
    case 'json':
      return (
        <pre data-palimpsest-tool-content="json" data-palimpsest-json="">
          <code>{prettyJson(item.value).text}</code>
        </pre>
      )
    default:
      return null
  }
}

const ToolCallOutput = forwardRef<HTMLDivElement, Omit<ComponentPropsWithoutRef<'div'>, 'children'>>(
  function ToolCallOutput(props, ref) {
    const { part } = usePartContext<ToolCallPart>('tool-call')
    const { labels } = useTranscriptOptions()
    const output = useMemo(() => (part.output === undefined ? undefined : prettyJson(part.output).text), [part.output])
    const content = part.content ?? []
    if (output === undefined && content.length === 0 && part.error === undefined) return null
    return (
      <div ref={ref} data-palimpsest-tool-section="output" {...props}>
        <h4 data-palimpsest-tool-heading="">{labels.output}</h4>
        {content.map((item, index) => (
          <ContentItem key={index} item={item} id={part.toolCallId} />
        ))}
        {output !== undefined && (
          <pre data-palimpsest-tool-content="output">
            <code>{output}</code>
          </pre>
        )}
        {part.error !== undefined && (
          <p data-palimpsest-tool-error="">
            {labels.error}: {part.error}
          </p>
        )}
      </div>
    )
  },
)

const ToolCallLocations = forwardRef<HTMLUListElement, Omit<ComponentPropsWithoutRef<'ul'>, 'children'>>(
  function ToolCallLocations(props, ref) {
    const { part } = usePartContext<ToolCallPart>('tool-call')
    if (!part.locations || part.locations.length === 0) return null
    return (
      <ul ref={ref} data-palimpsest-tool-locations="" {...props}>
        {part.locations.map((location, index) => (
          <li key={index} data-path={location.path} data-line={location.line}>
            <code>{location.line !== undefined ? `${location.path}:${location.line}` : location.path}</code>
          </li>
        ))}
      </ul>
    )
  },
)

const ToolCallContentPanel = forwardRef<HTMLDivElement, CollapsibleContentProps>(function ToolCallContentPanel(
  { children, ...rest },
  ref,
) {
  return (
    <Collapsible.Content ref={ref} data-palimpsest-panel-content="" {...rest}>
      {children ?? (
        <>
          <ToolCallLocations />
          <ToolCallInput />
          <ToolCallOutput />
        </>
      )}
    </Collapsible.Content>
  )
})

/** The whole panel; its ref and HTML props go to the root, like `ToolCall.Root`'s. */
const ToolCallPanel = forwardRef<HTMLDivElement, Omit<ToolCallRootProps, 'children'>>(
  function ToolCallPanel(props, ref) {
    return (
      <ToolCallRoot ref={ref} {...props}>
        <ToolCallTrigger />
        <ToolCallContentPanel />
      </ToolCallRoot>
    )
  },
)

/** `<ToolCall part message streaming />`, or compose `ToolCall.Root` / `.Trigger` / `.Content` and the sections. */
export const ToolCall = Object.assign(ToolCallPanel, {
  Root: ToolCallRoot,
  Trigger: ToolCallTrigger,
  Content: ToolCallContentPanel,
  StatusBadge: ToolCallStatusBadge,
  Input: ToolCallInput,
  Output: ToolCallOutput,
  Locations: ToolCallLocations,
})
