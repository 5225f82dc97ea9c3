/**
 * The chunks of the recorded AI SDK traces (`src/traces/data/ai-sdk-*.json`), typed with the `ai`
 * package. The first has the exact shape `streamText(...).toUIMessageStreamResponse()` produces
 * for a two-step tool run (checked by the round-trip test against the real package).
 */
import type { UIMessageChunk } from 'ai'
import type { TraceEvent } from '../../src/traces/trace'

const paced = (chunks: [number, UIMessageChunk][]): TraceEvent[] => chunks.map(([delayMs, wire]) => ({ delayMs, wire }))

const text = (id: string, pieces: string[], delay = 45): [number, UIMessageChunk][] => [
  [delay, { type: 'text-start', id }],
  ...pieces.map((delta): [number, UIMessageChunk] => [delay, { type: 'text-delta', id, delta }]),
  [10, { type: 'text-end', id }],
]

/** Reasoning, a weather tool call the server runs, then a second step with the answer and its source. */
export const weatherStepsChunks = paced([
  [0, { type: 'start', messageId: 'msg_weather_1' }],
  [5, { type: 'start-step' }],
  [280, { type: 'reasoning-start', id: 'rs_1' }],
  [50, { type: 'reasoning-delta', id: 'rs_1', delta: 'The user asks about Lisbon this weekend; ' }],
  [60, { type: 'reasoning-delta', id: 'rs_1', delta: 'I need the forecast tool.' }],
  [10, { type: 'reasoning-end', id: 'rs_1' }],
  ...text('txt_1', ['Let me check ', 'the forecast for Lisbon.']),
  [90, { type: 'tool-input-start', toolCallId: 'call_forecast_1', toolName: 'getForecast' }],
  [40, { type: 'tool-input-delta', toolCallId: 'call_forecast_1', inputTextDelta: '{"city":"Lisbon",' }],
  [35, { type: 'tool-input-delta', toolCallId: 'call_forecast_1', inputTextDelta: '"days":2}' }],
  [
    15,
    {
      type: 'tool-input-available',
      toolCallId: 'call_forecast_1',
      toolName: 'getForecast',
      input: { city: 'Lisbon', days: 2 },
    },
  ],
  [
    780,
    {
      type: 'tool-output-available',
      toolCallId: 'call_forecast_1',
      output: { saturday: { high: 24, sky: 'sunny' }, sunday: { high: 21, sky: 'showers' } },
    },
  ],
  [5, { type: 'finish-step' }],
  [5, { type: 'start-step' }],
  ...text('txt_2', [
    'Saturday looks **sunny, 24 °C**; ',
    'Sunday brings **showers, 21 °C**. ',
    'Plan the beach for Saturday.',
  ]),
  [
    20,
    {
      type: 'source-url',
      sourceId: 'src_1',
      url: 'https://www.ipma.pt/en/otempo/prev.localidade.hora/',
      title: 'IPMA forecast',
    },
  ],
  [5, { type: 'finish-step' }],
  [5, { type: 'finish', finishReason: 'stop' }],
])

/**
 * Two requests to one chat: the first scans (a data part replaced in place by id), asks to delete
 * files and stops at the approval; the client approves and the second stream continues the same
 * message id with the tool's output and the closing text.
 */
export const approvalContinuationChunks = paced([
  [0, { type: 'start', messageId: 'msg_cleanup_1' }],
  [5, { type: 'start-step' }],
  [300, { type: 'data-scan', id: 'scan_1', data: { scanned: 120, matches: 0 } }],
  [600, { type: 'data-scan', id: 'scan_1', data: { scanned: 450, matches: 3 } }],
  ...text('txt_1', ['I found **3** log files older than 30 days (12 MB). ', 'Deleting them needs your approval.']),
  [80, { type: 'tool-input-start', toolCallId: 'call_delete_1', toolName: 'deleteFiles', title: 'Delete old logs' }],
  [
    20,
    {
      type: 'tool-input-available',
      toolCallId: 'call_delete_1',
      toolName: 'deleteFiles',
      title: 'Delete old logs',
      input: { paths: ['logs/2026-09-01.log', 'logs/2026-09-02.log', 'logs/2026-09-03.log'] },
    },
  ],
  [10, { type: 'tool-approval-request', approvalId: 'approval_1', toolCallId: 'call_delete_1' }],
  [5, { type: 'finish-step' }],
  [5, { type: 'finish', finishReason: 'tool-calls' }],
  [2400, { type: 'start', messageId: 'msg_cleanup_1' }],
  [5, { type: 'start-step' }],
  [350, { type: 'tool-output-available', toolCallId: 'call_delete_1', output: { deleted: 3, freedBytes: 12_582_912 } }],
  [10, { type: 'data-notification', data: { message: '3 files deleted' }, transient: true }],
  ...text('txt_2', ['Done: deleted 3 files ', 'and freed 12 MB.']),
  [5, { type: 'finish-step' }],
  [5, { type: 'finish', finishReason: 'stop' }],
])
