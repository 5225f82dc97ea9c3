/** Recorded protocol traces replayed over SSE from the example server, each through its decoder. */
import { createTranscriptStore, type Decoder } from '@palimpsest/core'
import { createAcpDecoder } from '@palimpsest/protocols/acp'
import { createAgentFrameworkDecoder } from '@palimpsest/protocols/agent-framework'
import { createAgentexDecoder } from '@palimpsest/protocols/agentex'
import { sseEvents, streamInto } from '@palimpsest/protocols/transports'
import { Transcript } from '@palimpsest/react'
import { useEffect, useState } from 'react'
import { replayedTraces } from './replayed-traces'

const decoders: Record<(typeof replayedTraces)[number]['protocol'], () => Decoder> = {
  acp: () => createAcpDecoder(),
  agentex: () => createAgentexDecoder(),
  'agent-framework': () => createAgentFrameworkDecoder(),
}

export function ReplayTab() {
  const [name, setName] = useState<string>(replayedTraces[0].name)
  const [run, setRun] = useState(0)
  const [store, setStore] = useState(() => createTranscriptStore())
  const [result, setResult] = useState<string>('')

  useEffect(() => {
    const trace = replayedTraces.find((t) => t.name === name) ?? replayedTraces[0]
    const fresh = createTranscriptStore()
    setStore(fresh)
    setResult('streaming')
    const controller = new AbortController()
    void (async () => {
      const response = await fetch(`/api/traces/${trace.name}?run=${run}`, { signal: controller.signal })
      const outcome = await streamInto(fresh, sseEvents(response), decoders[trace.protocol](), {
        signal: controller.signal,
      })
      setResult(outcome.reason)
    })().catch(() => {})
    return () => controller.abort()
  }, [name, run])

  return (
    <section aria-label="Replay">
      <label>
        Trace{' '}
        <select value={name} onChange={(event) => setName(event.target.value)}>
          {replayedTraces.map((trace) => (
            <option key={trace.name} value={trace.name}>
              {trace.title}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => setRun((n) => n + 1)}>
        Replay
      </button>
      <p className="status" data-trace={name} data-status={result}>
        {result}
      </p>
      <div className="transcript">
        <Transcript store={store} />
      </div>
    </section>
  )
}
