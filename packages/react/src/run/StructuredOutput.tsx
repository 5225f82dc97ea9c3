/**
 * A message whose answer is JSON, shown as structured data while it streams: fields and rows
 * appear as they arrive; once the message is finished the value is checked against the schema and
 * its issues (with their paths) are listed when it does not match.
 *
 * Use it as the `text` part renderer (`components={{ text: createStructuredOutputPart(schema) }}`)
 * or on its own (`<StructuredOutput messageId="…" schema={schema} />`).
 */
import {
  type Message,
  parseStructuredOutput,
  type StandardSchemaV1,
  type StructuredOutputIssue,
  type StructuredOutputResult,
  type TextPart,
} from '@palimpsest/core'
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, type Ref } from 'react'
import type { PartProps } from '../message/components-map'
import { TextView } from '../parts/TextView'
import { useMessage } from '../store/selector-hooks'
import { type RunLabels, runLabels } from './run-labels'
import { StructuredValue } from './StructuredValue'

export interface StructuredOutputProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children' | 'part'> {
  /** The message (given by the part renderer), or `messageId` to read it from the store. */
  message?: Message
  messageId?: string
  /** The text part being rendered, when used as a part renderer. */
  part?: TextPart
  streaming?: boolean
  schema?: StandardSchemaV1
  /** Render the result yourself instead of the default fields / rows and issue list. */
  render?: (result: StructuredOutputResult) => ReactNode
  labels?: Partial<RunLabels>
}

/** The last text part with content: the one that holds the answer. */
function isAnswerPart(message: Message, part: TextPart): boolean {
  for (let i = message.parts.length - 1; i >= 0; i--) {
    const candidate = message.parts[i]
    if (candidate?.kind === 'text' && candidate.text.trim() !== '') return candidate.id === part.id
  }
  return true
}

function pathText(path: PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('')
}

function IssueList({ issues, heading }: { issues: StructuredOutputIssue[]; heading: string }) {
  return (
    <div data-palimpsest-structured-issues="">
      <p>{heading}</p>
      <ul>
        {issues.map((issue, index) => (
          <li key={index} data-code={issue.code}>
            {issue.path && issue.path.length > 0 && <code>{pathText(issue.path)}</code>}
            {issue.path && issue.path.length > 0 ? ': ' : ''}
            {issue.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

type ViewProps = Omit<StructuredOutputProps, 'message' | 'messageId' | 'part' | 'streaming'> & { message: Message }

const StructuredOutputView = forwardRef<HTMLElement, ViewProps>(function StructuredOutputView(
  { message, schema, render, labels, ...rest },
  ref,
) {
  const result = parseStructuredOutput(message, schema)
  const words = runLabels(labels)
  const state = result.ok ? 'valid' : result.streaming ? 'streaming' : 'invalid'
  return (
    <section
      ref={ref}
      data-palimpsest-structured-output=""
      aria-label={words.structuredOutput}
      {...rest}
      data-state={state}
      aria-busy={state === 'streaming'}
    >
      {render ? (
        render(result)
      ) : (
        <>
          {(result.ok || result.partial !== undefined) && (
            <StructuredValue value={result.ok ? result.value : result.partial} />
          )}
          {!result.ok && result.issues.length > 0 && <IssueList issues={result.issues} heading={words.invalidOutput} />}
        </>
      )}
    </section>
  )
})

const StructuredOutputFromStore = forwardRef<
  HTMLElement,
  Omit<StructuredOutputProps, 'message' | 'part' | 'streaming'> & { messageId: string }
>(function StructuredOutputFromStore({ messageId, ...rest }, ref) {
  const message = useMessage(messageId)
  return message ? <StructuredOutputView ref={ref} message={message} {...rest} /> : null
})

/** Its ref is the `<section>`, or the text part's element where it renders a part as markdown. */
export const StructuredOutput = forwardRef<HTMLElement, StructuredOutputProps>(function StructuredOutput(
  { message, messageId, part, streaming, schema, render, labels, ...rest },
  ref,
) {
  // As a part renderer: the user's prompt and text before the answer stay markdown.
  if (message && part && (message.role !== 'assistant' || !isAnswerPart(message, part)))
    return (
      // The text part renders a <div>, which is an HTMLElement.
      <TextView
        ref={ref as Ref<HTMLDivElement>}
        {...rest}
        part={part}
        message={message}
        streaming={streaming ?? false}
      />
    )
  const view = { schema, render, labels, ...rest }
  if (message) return <StructuredOutputView ref={ref} message={message} {...view} />
  if (messageId !== undefined) return <StructuredOutputFromStore ref={ref} messageId={messageId} {...view} />
  return null
})

/** A `text` part renderer bound to a schema, for the `components` map. */
export function createStructuredOutputPart(
  schema?: StandardSchemaV1,
  options: Pick<StructuredOutputProps, 'render' | 'labels'> = {},
): (props: PartProps<TextPart>) => ReactNode {
  return function StructuredOutputPart(props: PartProps<TextPart>) {
    return <StructuredOutput {...props} {...options} {...(schema && { schema })} />
  }
}
