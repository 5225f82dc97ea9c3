/**
 * A recorded trace replayed through its protocol's real decoder into a real store, at recorded
 * speed, with the replayer's controls (restart, speed, step, the wire panel folded away).
 */
import { decoders, type Trace, traces } from '@palimpsest/protocols/traces'
import { TraceReplayer } from '@palimpsest/react/devtools'

export function findTrace(name: string): Trace | undefined {
  return traces.find((trace) => trace.name === name)
}

export interface TraceScenarioProps {
  name: string
  /** Show the wire panel at first. */
  panel?: boolean
}

export function TraceScenario({ name, panel = false }: TraceScenarioProps) {
  const trace = findTrace(name)
  const decoder = trace && decoders[trace.protocol]
  if (!trace || !decoder)
    return (
      <p role="alert">
        {trace ? `No decoder for protocol "${trace.protocol}".` : `No recorded trace named "${name}".`}
      </p>
    )
  return (
    <div>
      <p style={{ marginTop: 0, maxWidth: '70ch', overflowWrap: 'anywhere' }}>{trace.description}</p>
      <TraceReplayer trace={trace} decoder={decoder} autoPlay defaultPanelOpen={panel} allowLoad={false} />
    </div>
  )
}
