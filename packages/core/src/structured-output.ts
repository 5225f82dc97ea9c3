/**
 * Structured output: the typed value of a message whose answer is JSON.
 *
 * The answer is the message's last text part with content. It may be bare JSON, JSON in a
 * fenced code block (```` ```json ````), or a fenced block after a line of prose. While the
 * message streams, `partial` holds the value read so far; once it is finished, the value is
 * checked against the schema (any Standard Schema validator: zod, valibot, arktype, …).
 *
 * Reading is incremental: one parser is kept per text part (by message id, part id and epoch)
 * and each call only feeds it the text that arrived since the previous call, so reading on every
 * chunk costs O(chunk), not O(answer). A clear or full replacement (a new epoch) starts it over.
 * Nothing here throws: bad JSON, a failing or throwing validator, an empty answer are all issues.
 */
import { createPartialJsonParser, type PartialJsonParser } from './partial-json'
import type { Message, TextPart } from './state'

/** The part of the Standard Schema interface (https://standardschema.dev) this module needs. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => StandardSchemaV1.Result<Output> | Promise<StandardSchemaV1.Result<Output>>
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
  }
}

export declare namespace StandardSchemaV1 {
  type Result<Output> =
    | { readonly value: Output; readonly issues?: undefined }
    | { readonly issues: ReadonlyArray<Issue> }
  interface Issue {
    readonly message: string
    readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
  }
  type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output']
}

export type StructuredOutputIssueCode =
  /** The answer is not valid JSON. */
  | 'syntax'
  /** The message finished before the JSON did. */
  | 'incomplete'
  /** The message finished without answer text. */
  | 'no-answer'
  /** The schema rejected the value. */
  | 'schema'
  /** The validator threw, or is asynchronous (use `parseStructuredOutputAsync`). */
  | 'validator'

export interface StructuredOutputIssue {
  code: StructuredOutputIssueCode
  message: string
  /** Where in the value the problem is (schema issues), e.g. `['items', 0, 'price']`. */
  path?: PropertyKey[]
}

export type StructuredOutputResult<T = unknown> =
  | { ok: true; value: T }
  | {
      ok: false
      /** The message is still streaming: `partial` may still grow and `issues` holds only a syntax error. */
      streaming: boolean
      /** The value read so far (best effort; complete containers never change afterwards). */
      partial: unknown
      issues: StructuredOutputIssue[]
    }

/** Where in the answer text the JSON starts. */
type Scan =
  /** Leading whitespace so far. */
  | { mode: 'start' }
  /** A line of prose: waiting for a line that opens a code fence. */
  | { mode: 'prose'; lineStart: boolean }
  /** Inside the opening fence line (`` ``` `` and its info string). */
  | { mode: 'fence-info' }
  /** Feeding the parser. */
  | { mode: 'json' }

interface Reader {
  epoch: number
  scan: Scan
  /** Backticks seen at the start of the text or of a prose line, not yet decided on. */
  pending: string
  parser: PartialJsonParser
  /** Characters of the part's text consumed. */
  consumed: number
  /** The last characters consumed, to recognise that a later text continues this one. */
  tail: string
}

const tailLength = 32
const maxReaders = 256
/** Readers by message id and part id; bounded, least recently used first out. */
const readers = new Map<string, Reader>()
const finished = new WeakMap<TextPart, { schema: StandardSchemaV1 | undefined; result: StructuredOutputResult }>()

function newReader(epoch: number): Reader {
  return { epoch, scan: { mode: 'start' }, pending: '', parser: createPartialJsonParser(), consumed: 0, tail: '' }
}

/** A value that starts with a letter (`true`, `null`) is not told apart from prose: only these start JSON. */
function startsJson(ch: string): boolean {
  return ch === '{' || ch === '[' || ch === '"' || ch === '-' || (ch >= '0' && ch <= '9')
}

/** Feeds `text` (the part's new characters) through the scanner into the parser. */
function feed(reader: Reader, text: string): void {
  let i = 0
  while (i < text.length) {
    const scan = reader.scan
    if (scan.mode === 'json') {
      reader.parser.push(text.slice(i))
      return
    }
    if (scan.mode === 'fence-info') {
      const newline = text.indexOf('\n', i)
      if (newline < 0) return
      reader.scan = { mode: 'json' }
      i = newline + 1
      continue
    }
    const ch = text[i] as string
    if (scan.mode === 'start') {
      if (reader.pending === '' && (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r')) {
        i++
        continue
      }
      if (ch === '`') {
        reader.pending += ch
        i++
        if (reader.pending.length === 3) {
          reader.pending = ''
          reader.scan = { mode: 'fence-info' }
        }
        continue
      }
      if (reader.pending === '' && startsJson(ch)) {
        reader.scan = { mode: 'json' }
        continue
      }
      reader.pending = ''
      reader.scan = { mode: 'prose', lineStart: false }
      continue
    }
    // prose: look for a line that starts with ```
    if (scan.lineStart && ch === '`') {
      reader.pending += ch
      i++
      if (reader.pending.length === 3) {
        reader.pending = ''
        reader.scan = { mode: 'fence-info' }
      }
      continue
    }
    reader.pending = ''
    const newline = text.indexOf('\n', i)
    if (newline < 0) {
      scan.lineStart = false
      return
    }
    scan.lineStart = true
    i = newline + 1
  }
}

/** The reader for this part, advanced to the part's current text. */
function readerFor(message: Message, part: TextPart): Reader {
  const key = `${message.id}\u0000${part.id}`
  let reader = readers.get(key)
  if (reader) readers.delete(key)
  const continues =
    reader !== undefined &&
    reader.epoch === part.epoch &&
    part.text.length >= reader.consumed &&
    part.text.startsWith(reader.tail, reader.consumed - reader.tail.length)
  if (!continues || reader === undefined) reader = newReader(part.epoch)
  if (part.text.length > reader.consumed) {
    feed(reader, part.text.slice(reader.consumed))
    reader.consumed = part.text.length
    reader.tail = part.text.slice(-tailLength)
  }
  readers.set(key, reader)
  if (readers.size > maxReaders) readers.delete(readers.keys().next().value as string)
  return reader
}

function answerPart(message: Message): TextPart | undefined {
  for (let i = message.parts.length - 1; i >= 0; i--) {
    const part = message.parts[i]
    if (part?.kind === 'text' && part.text.trim() !== '') return part
  }
  return undefined
}

/** What the JSON reads as so far, before any schema: a value, or the issues that stop it. */
function readJson(
  message: Message,
  part: TextPart | undefined,
): { complete: true; value: unknown } | { complete: false; partial: unknown; issues: StructuredOutputIssue[] } {
  const streaming = message.status === 'streaming'
  if (part === undefined)
    return {
      complete: false,
      partial: undefined,
      issues: streaming ? [] : [{ code: 'no-answer', message: 'The message has no answer text.' }],
    }
  const reader = readerFor(message, part)
  const parser = reader.parser
  // An error after a complete value is text after the JSON (a closing fence, a remark): ignored.
  if (parser.complete) return { complete: true, value: parser.value }
  if (parser.error !== undefined)
    return {
      complete: false,
      partial: parser.value,
      issues: [{ code: 'syntax', message: `Invalid JSON: ${parser.error}` }],
    }
  if (streaming) return { complete: false, partial: parser.value, issues: [] }
  // Finished: a top-level number or literal (`42`) is whole only at the end of the input. The shared
  // parser is not ended (an interrupted message may resume); a copy over the JSON text is, once.
  if (reader.scan.mode === 'json') {
    const ended = createPartialJsonParser()
    ended.push(part.text.slice(reader.consumed - parser.length, reader.consumed))
    ended.end()
    if (ended.complete) return { complete: true, value: ended.value }
  }
  return {
    complete: false,
    partial: parser.value,
    issues: [
      reader.scan.mode === 'json'
        ? { code: 'incomplete', message: 'The message ended before its JSON was complete.' }
        : { code: 'syntax', message: 'The answer contains no JSON.' },
    ],
  }
}

function pathOf(issue: StandardSchemaV1.Issue): PropertyKey[] | undefined {
  if (!issue.path || issue.path.length === 0) return undefined
  return issue.path.map((segment) => (typeof segment === 'object' && segment !== null ? segment.key : segment))
}

function schemaIssues(issues: ReadonlyArray<StandardSchemaV1.Issue>): StructuredOutputIssue[] {
  return issues.map((issue) => {
    const path = pathOf(issue)
    return { code: 'schema', message: String(issue.message), ...(path && { path }) }
  })
}

function validatorIssue(message: string): StructuredOutputIssue[] {
  return [{ code: 'validator', message }]
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function settle<T>(
  value: unknown,
  result: StandardSchemaV1.Result<T> | undefined,
  failure: StructuredOutputIssue[] | undefined,
): StructuredOutputResult<T> {
  if (failure) return { ok: false, streaming: false, partial: value, issues: failure }
  if (result === undefined || typeof result !== 'object' || result === null)
    return { ok: false, streaming: false, partial: value, issues: validatorIssue('The validator returned no result.') }
  if (result.issues !== undefined)
    return { ok: false, streaming: false, partial: value, issues: schemaIssues(result.issues) }
  return { ok: true, value: result.value }
}

/**
 * The structured output of `message`: `{ ok: true, value }` once the message is finished and its
 * answer is JSON that the schema accepts; otherwise `{ ok: false, streaming, partial, issues }`.
 * Never throws. A schema that validates asynchronously needs `parseStructuredOutputAsync`.
 */
export function parseStructuredOutput<Schema extends StandardSchemaV1>(
  message: Message,
  schema: Schema,
): StructuredOutputResult<StandardSchemaV1.InferOutput<Schema>>
export function parseStructuredOutput(message: Message, schema?: undefined): StructuredOutputResult<unknown>
export function parseStructuredOutput(message: Message, schema?: StandardSchemaV1): StructuredOutputResult<unknown>
export function parseStructuredOutput(message: Message, schema?: StandardSchemaV1): StructuredOutputResult {
  const part = answerPart(message)
  const cached = part && message.status !== 'streaming' ? finished.get(part) : undefined
  if (cached && cached.schema === schema) return cached.result
  const json = readJson(message, part)
  let result: StructuredOutputResult
  if (!json.complete)
    result = { ok: false, streaming: message.status === 'streaming', partial: json.partial, issues: json.issues }
  else if (message.status === 'streaming') result = { ok: false, streaming: true, partial: json.value, issues: [] }
  else if (schema === undefined) result = { ok: true, value: json.value }
  else {
    try {
      const validated = schema['~standard'].validate(json.value)
      result =
        validated instanceof Promise
          ? settle(
              json.value,
              undefined,
              validatorIssue('The schema validates asynchronously; use parseStructuredOutputAsync.'),
            )
          : settle(json.value, validated, undefined)
    } catch (error) {
      result = settle(json.value, undefined, validatorIssue(`The validator threw: ${describeError(error)}`))
    }
  }
  if (part && message.status !== 'streaming') finished.set(part, { schema, result })
  return result
}

/** Like `parseStructuredOutput`, for schemas whose validation is asynchronous (it also takes synchronous ones). */
export async function parseStructuredOutputAsync<Schema extends StandardSchemaV1>(
  message: Message,
  schema: Schema,
): Promise<StructuredOutputResult<StandardSchemaV1.InferOutput<Schema>>> {
  const json = readJson(message, answerPart(message))
  if (!json.complete)
    return { ok: false, streaming: message.status === 'streaming', partial: json.partial, issues: json.issues }
  if (message.status === 'streaming') return { ok: false, streaming: true, partial: json.value, issues: [] }
  try {
    return settle(json.value, await schema['~standard'].validate(json.value), undefined)
  } catch (error) {
    return settle(json.value, undefined, validatorIssue(`The validator threw: ${describeError(error)}`))
  }
}
