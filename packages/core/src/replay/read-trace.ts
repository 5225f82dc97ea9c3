/**
 * Turns what a user pasted, dropped or passed in into a trace, or a sentence saying what is wrong
 * with it. Accepted: a JSON `Trace` (`{ events: [{ delayMs?, wire }] }`), a JSON array of wire
 * messages (or of `{ delayMs?, wire }` events), NDJSON (one wire message per line), and SSE text
 * as copied from a network panel (`data:` lines; `event:`, `id:`, `retry:`, comments and `[DONE]`
 * are skipped). Never throws.
 */
import type { ReplayEvent, ReplayTrace, TraceReadResult } from './replay-trace'

const traceKeys = ['name', 'title', 'protocol', 'description', 'expected', 'events']
const sseFieldsWithoutData = /^(event|id|retry):/

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** An element of an array is an event (not a wire message) when it has `wire` and nothing but `delayMs` besides. */
function isEventShaped(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && 'wire' in value && Object.keys(value).every((key) => key === 'wire' || key === 'delayMs')
}

function readEvent(value: unknown, index: number): ReplayEvent | string {
  if (!isRecord(value)) return `event ${index + 1} must be an object with a "wire" field, got ${describe(value)}`
  if (!('wire' in value)) return `event ${index + 1} has no "wire" field`
  const { delayMs, wire } = value
  if (delayMs === undefined) return { wire }
  if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0)
    return `event ${index + 1} has an invalid "delayMs" (${JSON.stringify(delayMs)}); it must be a number of milliseconds ≥ 0`
  return { delayMs, wire }
}

function readEvents(values: readonly unknown[]): ReplayEvent[] | string {
  const events: ReplayEvent[] = []
  for (const [index, value] of values.entries()) {
    const event = readEvent(value, index)
    if (typeof event === 'string') return event
    events.push(event)
  }
  return events
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** Reads an already parsed value: a `Trace`, an array of events or wire messages, or one wire message. */
export function readTrace(value: unknown): TraceReadResult {
  if (Array.isArray(value)) {
    if (value.length === 0) return { ok: false, error: 'The trace is empty: the array holds no wire messages.' }
    const events = value.every(isEventShaped) ? readEvents(value) : value.map((wire) => ({ wire }))
    if (typeof events === 'string') return { ok: false, error: `The trace is malformed: ${events}.` }
    return { ok: true, trace: { events } }
  }
  if (!isRecord(value)) return { ok: false, error: `A trace must be a JSON object or array, not ${describe(value)}.` }
  const looksLikeTrace = traceKeys.some((key) => key in value)
  if (!looksLikeTrace) return { ok: true, trace: { events: [{ wire: value }] } }
  if (!Array.isArray(value.events))
    return {
      ok: false,
      error: `The trace has no "events" array (found ${value.events === undefined ? 'none' : describe(value.events)}).`,
    }
  const events = readEvents(value.events)
  if (typeof events === 'string') return { ok: false, error: `The trace is malformed: ${events}.` }
  if (events.length === 0) return { ok: false, error: 'The trace is empty: "events" holds no wire messages.' }
  const trace: ReplayTrace = { events }
  for (const key of ['name', 'title', 'protocol', 'description'] as const) {
    const text = optionalString(value[key])
    if (text !== undefined) trace[key] = text
  }
  return { ok: true, trace }
}

/** The payload of one NDJSON or SSE line, `undefined` for a line that carries none. */
function linePayload(line: string): string | undefined {
  const trimmed = line.trim()
  if (trimmed === '' || trimmed.startsWith(':') || sseFieldsWithoutData.test(trimmed)) return undefined
  const payload = trimmed.startsWith('data:') ? trimmed.slice(5).trim() : trimmed
  return payload === '' || payload === '[DONE]' ? undefined : payload
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Reads text: JSON first, then one JSON value per line (NDJSON or SSE `data:` lines). */
export function readTraceText(text: string): TraceReadResult {
  if (text.trim() === '') return { ok: false, error: 'The trace is empty: paste or drop a JSON trace or NDJSON.' }
  let whole: unknown
  let wholeError: unknown
  try {
    whole = JSON.parse(text)
  } catch (error) {
    wholeError = error
  }
  if (wholeError === undefined) return readTrace(whole)
  const lines = text.split(/\r\n|\n|\r/)
  const wires: unknown[] = []
  for (const [index, line] of lines.entries()) {
    const payload = linePayload(line)
    if (payload === undefined) continue
    try {
      wires.push(JSON.parse(payload))
    } catch (error) {
      const nonEmpty = lines.filter((l) => linePayload(l) !== undefined).length
      return nonEmpty <= 1
        ? { ok: false, error: `The trace is not valid JSON: ${errorText(wholeError)}.` }
        : { ok: false, error: `Line ${index + 1} is not valid JSON: ${errorText(error)}.` }
    }
  }
  if (wires.length === 0) return { ok: false, error: 'The trace holds no wire messages.' }
  return { ok: true, trace: { events: wires.map((wire) => ({ wire })) } }
}
