/**
 * An incremental JSON parser for text that arrives in pieces (tool arguments, structured output).
 *
 * `push(text)` costs O(text.length): the parser keeps its place (open containers, the token in
 * progress, a half escape sequence) between pushes and never re-reads what it has seen. `value`
 * is the best-effort value so far: open strings show what has arrived, numbers and literals appear
 * once complete, keys appear once their value starts. Invalid JSON stops the parser (`error` is set)
 * and keeps the last good `value`.
 *
 * A value once read is never changed: the next push copies the containers still open (only those;
 * closed ones are final) before writing into them. So a reader can keep every `value` it got as an
 * immutable snapshot, at a cost per push of the open containers' shallow size, not the input's.
 */
export interface PartialJsonParser {
  push(text: string): void
  /**
   * The input is over: a trailing number or literal (`{"a": 12` ends with `12`) is committed; one cut
   * short (`tr`, `-`) is dropped without an error, as any unfinished value is.
   */
  end(): void
  readonly value: unknown
  /** Characters pushed so far (also after an error). */
  readonly length: number
  /** True once a complete top-level value has been read. */
  readonly complete: boolean
  readonly error: string | undefined
}

type Frame =
  | { type: 'root'; value: unknown; expect: 'value' | 'done' }
  | {
      type: 'object'
      value: Record<string, unknown>
      key: string
      expect: 'key' | 'colon' | 'value' | 'comma'
      /** A reader holds this container: copy it before the next write. */
      shared: boolean
    }
  | { type: 'array'; value: unknown[]; expect: 'value' | 'comma'; shared: boolean }

type Token = { kind: 'string'; isKey: boolean; acc: string; escape: string } | { kind: 'literal'; acc: string }

const literalChars = /[0-9a-zA-Z+\-.]/
const numberPattern = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/
const hexDigits = /^[0-9a-fA-F]{4}$/
const escapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

export function createPartialJsonParser(): PartialJsonParser {
  const root: Frame = { type: 'root', value: undefined, expect: 'value' }
  const stack: Frame[] = [root]
  let token: Token | undefined
  let length = 0
  let error: string | undefined

  const top = () => stack[stack.length - 1] as Frame

  /** Copies every open container a reader holds, top-down, relinking each copy into its parent. */
  function unshare(): void {
    for (let i = 1; i < stack.length; i++) {
      const frame = stack[i] as Exclude<Frame, { type: 'root' }>
      if (!frame.shared) continue
      frame.shared = false
      const copy = frame.type === 'object' ? { ...frame.value } : frame.value.slice()
      // An open container always sits in its parent's current slot.
      setSlot(stack[i - 1] as Frame, copy, false)
      if (frame.type === 'object') frame.value = copy as Record<string, unknown>
      else frame.value = copy as unknown[]
    }
  }

  function setSlot(frame: Frame, value: unknown, startNew: boolean): void {
    if (frame.type !== 'root' && frame.shared) unshare()
    if (frame.type === 'object') {
      // A plain assignment to "__proto__" would set the prototype; JSON means an own property.
      if (frame.key === '__proto__')
        Object.defineProperty(frame.value, frame.key, { value, enumerable: true, writable: true, configurable: true })
      else frame.value[frame.key] = value
    } else if (frame.type === 'array') {
      if (startNew) frame.value.push(value)
      else frame.value[frame.value.length - 1] = value
    } else frame.value = value
  }

  function valueDone(): void {
    const frame = top()
    frame.expect = frame.type === 'root' ? 'done' : 'comma'
  }

  function commitLiteral(acc: string): boolean {
    let value: unknown
    if (acc === 'true') value = true
    else if (acc === 'false') value = false
    else if (acc === 'null') value = null
    else if (numberPattern.test(acc)) value = Number(acc)
    else {
      error = `invalid literal ${JSON.stringify(acc.slice(0, 20))}`
      return false
    }
    setSlot(top(), value, true)
    valueDone()
    return true
  }

  function fail(ch: string, at: number): void {
    error = `unexpected ${JSON.stringify(ch)} at ${at}`
  }

  function startValue(ch: string, at: number): void {
    const frame = top()
    if (ch === '{') {
      const obj: Record<string, unknown> = {}
      setSlot(frame, obj, true)
      stack.push({ type: 'object', value: obj, key: '', expect: 'key', shared: false })
    } else if (ch === '[') {
      const arr: unknown[] = []
      setSlot(frame, arr, true)
      stack.push({ type: 'array', value: arr, expect: 'value', shared: false })
    } else if (ch === '"') {
      setSlot(frame, '', true)
      token = { kind: 'string', isKey: false, acc: '', escape: '' }
    } else if (literalChars.test(ch)) {
      token = { kind: 'literal', acc: ch }
    } else fail(ch, at)
  }

  function closeContainer(): void {
    stack.pop()
    valueDone()
  }

  /** Consumes string characters from text[i..]; returns the index after the last consumed one. */
  function readString(t: Extract<Token, { kind: 'string' }>, text: string, i: number): number {
    let segmentStart = i
    while (i < text.length) {
      const ch = text[i] as string
      if (t.escape) {
        t.escape += ch
        segmentStart = i + 1
        if (t.escape.length === 2 && t.escape[1] !== 'u') {
          const decoded = escapes[t.escape[1] as string]
          if (decoded === undefined) {
            fail(t.escape, length + i)
            return text.length
          }
          t.acc += decoded
          t.escape = ''
          segmentStart = i + 1
        } else if (t.escape.length === 6) {
          const hex = t.escape.slice(2)
          if (!hexDigits.test(hex)) {
            fail(t.escape, length + i)
            return text.length
          }
          t.acc += String.fromCharCode(Number.parseInt(hex, 16))
          t.escape = ''
          segmentStart = i + 1
        }
        i++
        continue
      }
      if (ch === '\\') {
        t.acc += text.slice(segmentStart, i)
        segmentStart = i + 1
        t.escape = '\\'
        i++
        continue
      }
      if (ch === '"') {
        t.acc += text.slice(segmentStart, i)
        token = undefined
        const frame = top()
        if (t.isKey && frame.type === 'object') {
          frame.key = t.acc
          frame.expect = 'colon'
        } else {
          setSlot(frame, t.acc, false)
          valueDone()
        }
        return i + 1
      }
      i++
    }
    t.acc += text.slice(segmentStart, i)
    if (!t.isKey) setSlot(top(), t.acc, false)
    return i
  }

  function push(text: string): void {
    if (typeof text !== 'string') return
    if (error !== undefined) {
      // Stopped: count the text anyway, so `length` keeps matching what was pushed.
      length += text.length
      return
    }
    let i = 0
    while (i < text.length && error === undefined) {
      if (token?.kind === 'string') {
        i = readString(token, text, i)
        continue
      }
      const ch = text[i] as string
      if (token?.kind === 'literal') {
        if (literalChars.test(ch)) {
          token.acc += ch
          i++
          continue
        }
        const acc = token.acc
        token = undefined
        if (!commitLiteral(acc)) break
      }
      if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') {
        i++
        continue
      }
      const frame = top()
      switch (frame.expect) {
        case 'value':
          if (ch === ']' && frame.type === 'array' && frame.value.length === 0) closeContainer()
          else startValue(ch, length + i)
          break
        case 'key':
          if (ch === '"') token = { kind: 'string', isKey: true, acc: '', escape: '' }
          else if (ch === '}' && frame.type === 'object' && Object.keys(frame.value).length === 0) closeContainer()
          else fail(ch, length + i)
          break
        case 'colon':
          if (ch === ':' && frame.type === 'object') frame.expect = 'value'
          else fail(ch, length + i)
          break
        case 'comma':
          if (ch === ',') frame.expect = frame.type === 'object' ? 'key' : 'value'
          else if ((ch === '}' && frame.type === 'object') || (ch === ']' && frame.type === 'array')) closeContainer()
          else fail(ch, length + i)
          break
        case 'done':
          fail(ch, length + i)
          break
      }
      i++
    }
    length += text.length
  }

  return {
    push,
    end() {
      if (token?.kind === 'literal' && error === undefined) {
        const acc = token.acc
        token = undefined
        if (acc === 'true' || acc === 'false' || acc === 'null' || numberPattern.test(acc)) commitLiteral(acc)
      }
    },
    get value() {
      for (let i = 1; i < stack.length; i++) (stack[i] as Exclude<Frame, { type: 'root' }>).shared = true
      return root.value
    },
    get length() {
      return length
    },
    get complete() {
      return root.expect === 'done'
    },
    get error() {
      return error
    },
  }
}

/** Parses possibly-truncated JSON in one go (best effort, never throws). */
export function parsePartialJson(text: string): { value: unknown; complete: boolean; error?: string } {
  const parser = createPartialJsonParser()
  parser.push(text)
  parser.end()
  return parser.error === undefined
    ? { value: parser.value, complete: parser.complete }
    : { value: parser.value, complete: false, error: parser.error }
}
