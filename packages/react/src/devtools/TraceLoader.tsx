/**
 * Paste a trace, or open a trace file. (Dropping a file or text anywhere on the replayer is
 * handled by `TraceReplayer` itself.) What it reads goes through `readTraceText`; the replayer
 * shows the result or the error.
 */
import { type CSSProperties, useId, useState } from 'react'
import { readFileText } from './read-file-text'

export interface TraceLoaderProps {
  /** Called with the text the user pasted or the contents of the file they chose. */
  onText: (text: string, origin: string) => void
  /** A chosen file could not be read. */
  onError: (message: string) => void
}

const fieldStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: '0.25rem', marginTop: '0.5rem' }

export function TraceLoader({ onText, onError }: TraceLoaderProps) {
  const textId = useId()
  const fileId = useId()
  const [text, setText] = useState('')
  return (
    <details data-palimpsest-trace-loader="">
      <summary style={{ cursor: 'pointer' }}>Load a trace</summary>
      <div style={fieldStyle}>
        <label htmlFor={textId}>
          Paste a trace: a JSON trace, a JSON array of wire messages, or NDJSON (or drop a file on the replayer)
        </label>
        <textarea
          id={textId}
          rows={5}
          value={text}
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
          style={{ fontFamily: 'var(--palimpsest-mono, monospace)', fontSize: '0.75rem' }}
        />
        <div>
          <button type="button" onClick={() => onText(text, 'the pasted text')}>
            Load pasted trace
          </button>
        </div>
      </div>
      <div style={fieldStyle}>
        <label htmlFor={fileId}>Open a trace file</label>
        <input
          id={fileId}
          type="file"
          accept=".json,.ndjson,.jsonl,.txt,.sse,application/json,application/x-ndjson,text/plain"
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (!file) return
            readFileText(file).then(
              (contents) => onText(contents, file.name),
              (error: unknown) => onError(`${file.name} could not be read: ${String(error)}`),
            )
            event.target.value = ''
          }}
        />
      </div>
    </details>
  )
}
