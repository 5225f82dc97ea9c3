/** The `components` prop: replace how any part kind (or a whole message) renders, like react-markdown's. */
import type { Message, Part, PartKind } from '@palimpsest/core'
import type { ComponentType } from 'react'

export interface PartProps<P extends Part = Part> {
  part: P
  message: Message
  /** This part is still receiving content (computed per part). */
  streaming: boolean
}

export type PartComponents = { [K in PartKind]?: ComponentType<PartProps<Extract<Part, { kind: K }>>> }

export interface MessageComponentProps {
  message: Message
}

export interface TranscriptComponents extends PartComponents {
  /** Replaces the whole message (its own hooks and slots are available through `useMessageContext`). */
  Message?: ComponentType<MessageComponentProps>
}
