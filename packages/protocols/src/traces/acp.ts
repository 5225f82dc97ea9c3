/**
 * Recorded ACP streams: the non-monotonic scenarios of the agent_message_clear RFD and the v2 draft,
 * and the message identity rules (ids, id-less chunks, upserts).
 */
import { createAcpDecoder } from '../acp'
import clearAndRepush from './data/acp-clear-and-repush.json'
import iterativeRefinement from './data/acp-iterative-refinement.json'
import messageIdentity from './data/acp-message-identity.json'
import speculativeRollback from './data/acp-speculative-rollback.json'
import tableReformat from './data/acp-table-reformat.json'
import type { TraceSet } from './trace'

export const traceSet: TraceSet = {
  decoders: { acp: createAcpDecoder },
  traces: [clearAndRepush, speculativeRollback, iterativeRefinement, tableReformat, messageIdentity],
}
