/** The primary (answer) and secondary (how the agent got there) slots of a message. */
import { isPartStreaming, isPrimary, isSecondary, type Part } from '@palimpsest/core'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { useMessageContext } from './message-context'
import { PartView } from './PartView'

interface PartsSlotProps extends ComponentPropsWithoutRef<'div'> {
  /** Render only the parts this accepts (default: the slot's kind of part). */
  filter?: (part: Part) => boolean
}

interface SlotProps extends ComponentPropsWithoutRef<'div'> {
  which: 'primary' | 'secondary'
  select: (part: Part) => boolean
}

const PartsSlot = /* @__PURE__ */ forwardRef<HTMLDivElement, SlotProps>(function PartsSlot(
  { which, select, ...rest },
  ref,
) {
  const message = useMessageContext()
  const parts = message.parts.filter(select)
  if (parts.length === 0) return null
  return (
    <div ref={ref} {...rest} data-palimpsest-slot={which}>
      {parts.map((part) => (
        // Part ids are stable across clears and full replacements, so DOM nodes are reused.
        <PartView key={part.id} part={part} message={message} streaming={isPartStreaming(message, part)} />
      ))}
    </div>
  )
})

/** The answer parts: text, data, files, sources, approval requests, errors. */
export const PrimaryContent = /* @__PURE__ */ forwardRef<HTMLDivElement, PartsSlotProps>(function PrimaryContent(
  { filter, ...rest },
  ref,
) {
  return <PartsSlot ref={ref} which="primary" select={filter ?? isPrimary} {...rest} />
})

/** The secondary parts: reasoning, tool calls, plans, handoffs, status lines. */
export const SecondaryContent = /* @__PURE__ */ forwardRef<HTMLDivElement, PartsSlotProps>(function SecondaryContent(
  { filter, ...rest },
  ref,
) {
  return <PartsSlot ref={ref} which="secondary" select={filter ?? isSecondary} {...rest} />
})

export type { PartsSlotProps as ContentSlotProps }
