/** What an end of stream makes of what is still open, the same for every protocol. */
import type { EndReason, MessageStatus, TurnStatus } from '@palimpsest/core'

/** The status an open message finishes with. */
export const messageStatusAtEnd: Readonly<Record<EndReason, Exclude<MessageStatus, 'streaming' | 'refusal'>>> = {
  complete: 'complete',
  interrupted: 'interrupted',
  cancelled: 'cancelled',
  error: 'error',
}

/** The status of a turn that ends with the stream (a decoder that can resume an interrupted turn keeps it open instead). */
export const turnStatusAtEnd: Readonly<Record<EndReason, TurnStatus>> = {
  complete: 'completed',
  interrupted: 'failed',
  cancelled: 'cancelled',
  error: 'failed',
}
