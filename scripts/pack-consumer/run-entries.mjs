// Imports every entry of the installed packages in Node, requires one, and renders a transcript on
// the server. Prints one JSON line for the test to read.
import { createRequire } from 'node:module'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'

const entries = [
  '@palimpsest/core',
  '@palimpsest/protocols/acp',
  '@palimpsest/protocols/agentex',
  '@palimpsest/protocols/agent-framework',
  '@palimpsest/protocols/ag-ui',
  '@palimpsest/protocols/ai-sdk',
  '@palimpsest/protocols/openai',
  '@palimpsest/protocols/transports',
  '@palimpsest/protocols/traces',
  '@palimpsest/react',
  '@palimpsest/react/devtools',
  '@palimpsest/react/virtual',
]
const exported = {}
for (const entry of entries) exported[entry] = Object.keys(await import(entry)).length

const required = Object.keys(createRequire(import.meta.url)('@palimpsest/core')).includes('createTranscriptStore')
const stylesheet = import.meta.resolve('@palimpsest/react/styles.css')

const { createUIMessagesDecoder } = await import('@palimpsest/protocols/ai-sdk')
const { Transcript, useSnapshotStore } = await import('@palimpsest/react')
const messages = [
  { id: 'q', role: 'user', parts: [{ type: 'text', text: 'Question from the pack test' }] },
  { id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'An **answer** from the pack test' }] },
]
function Chat() {
  return createElement(Transcript, { store: useSnapshotStore(createUIMessagesDecoder, messages) })
}
const html = renderToString(createElement(Chat))
console.log(JSON.stringify({ exported, required, stylesheet, html }))
