/** Recorded AG-UI streams: a snapshot that replaces a streamed draft, and a chunk-shortcut run with state. */
import { createAgUiDecoder } from '../ag-ui'
import chunkedResearch from './data/ag-ui-chunked-research.json'
import snapshotReplacesDraft from './data/ag-ui-snapshot-replaces-draft.json'
import type { TraceSet } from './trace'

export const traceSet: TraceSet = {
  decoders: { 'ag-ui': createAgUiDecoder },
  traces: [snapshotReplacesDraft, chunkedResearch],
}
