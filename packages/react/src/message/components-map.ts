/** The `components` prop: replace how any part kind (or a whole message) renders, like react-markdown's. */
import type { Message, Part, PartKind } from '@palimpsest/core'
import type { ComponentPropsWithoutRef, ComponentType, ElementType } from 'react'

export interface PartProps<P extends Part = Part> {
  part: P
  message: Message
  /** This part is still receiving content (computed per part). */
  streaming: boolean
}

/** A part renderer's props: the part, and the HTML props of the element it renders (passed through). */
export type PartElementProps<P extends Part, E extends ElementType> = PartProps<P> &
  Omit<ComponentPropsWithoutRef<E>, keyof PartProps | 'children'>

export type PartComponents = { [K in PartKind]?: ComponentType<PartProps<Extract<Part, { kind: K }>>> }

export interface MessageComponentProps {
  message: Message
}

export interface TranscriptComponents extends PartComponents {
  /** Replaces the whole message (its own hooks and slots are available through `useMessageContext`). */
  Message?: ComponentType<MessageComponentProps>
}
