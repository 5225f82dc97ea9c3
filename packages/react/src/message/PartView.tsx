/** Renders one part with the component for its kind (yours from `components`, or the default). */

import { type ComponentType, memo, useEffect } from 'react'
import { useTranscriptOptions } from '../options/options-context'
import { ApprovalRequestView } from '../parts/ApprovalRequestView'
import { DataPartView } from '../parts/DataPartView'
import { ErrorView } from '../parts/ErrorView'
import { FileView } from '../parts/FileView'
import { HandoffView } from '../parts/HandoffView'
import { Plan } from '../parts/Plan'
import { Reasoning } from '../parts/Reasoning'
import { SourceView } from '../parts/SourceView'
import { StatusView } from '../parts/StatusView'
import { TextView } from '../parts/TextView'
import { ToolCall } from '../parts/ToolCall'
import type { PartComponents, PartProps } from './components-map'

/** The component each part kind renders with when `components` does not replace it. */
export const defaultPartComponents: Required<PartComponents> = {
  text: TextView,
  reasoning: Reasoning,
  'tool-call': ToolCall,
  plan: Plan,
  data: DataPartView,
  file: FileView,
  source: SourceView,
  error: ErrorView,
  'approval-request': ApprovalRequestView,
  handoff: HandoffView,
  status: StatusView,
}

function PartViewImpl({ part, message, streaming }: PartProps) {
  const { components, onIssue } = useTranscriptOptions()
  const kind = part.kind as keyof PartComponents
  const Component = (components[kind] ?? defaultPartComponents[kind]) as ComponentType<PartProps> | undefined
  // Only an unknown part is a dependency: a part that streams changes on every chunk, and an effect
  // to run would make React schedule a task after each commit.
  const unknownPart = Component === undefined ? part : undefined
  useEffect(() => {
    if (unknownPart)
      onIssue?.({
        code: 'unknown-part-kind',
        message: `message ${message.id}: no component for part kind ${JSON.stringify(unknownPart.kind)}; not rendered`,
        input: unknownPart,
        source: 'react',
      })
  }, [unknownPart, message.id, onIssue])
  if (!Component) return null
  return <Component part={part} message={message} streaming={streaming} />
}

/**
 * Re-renders only when its part, its streaming state or the message facts a part shows change;
 * a token on a sibling part leaves it alone.
 */
export const PartView = memo(
  PartViewImpl,
  (a, b) =>
    a.part === b.part &&
    a.streaming === b.streaming &&
    a.message.id === b.message.id &&
    a.message.status === b.message.status &&
    a.message.role === b.message.role &&
    a.message.author === b.message.author,
)
