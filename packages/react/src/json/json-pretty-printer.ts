/**
 * Pretty-prints JSON text as it streams: each `push` costs O(pushed text), whatever has come
 * before, so a tool call's arguments can be shown indented while they arrive without
 * re-stringifying the whole value per delta. For valid JSON the output equals
 * `JSON.stringify(JSON.parse(text), null, 2)` up to the spelling of string escapes and numbers,
 * which are kept as received.
 */
export interface JsonPrettyPrinter {
  push(text: string): void
  /** Characters consumed. */
  readonly length: number
  readonly output: string
}

export function createJsonPrettyPrinter(indent = '  '): JsonPrettyPrinter {
  let output = ''
  let length = 0
  let depth = 0
  let inString = false
  let escaped = false
  /** An opening bracket was written and nothing after it yet: `{}` / `[]` stay on one line. */
  let justOpened = false

  const newline = () => `\n${indent.repeat(depth)}`

  function push(text: string): void {
    length += text.length
    let out = ''
    for (let i = 0; i < text.length; i++) {
      const c = text[i] as string
      if (inString) {
        out += c
        if (escaped) escaped = false
        else if (c === '\\') escaped = true
        else if (c === '"') inString = false
        continue
      }
      if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue
      if (justOpened) {
        justOpened = false
        if (c === '}' || c === ']') {
          depth = Math.max(0, depth - 1)
          out += c
          continue
        }
        out += newline()
      }
      switch (c) {
        case '{':
        case '[':
          out += c
          depth++
          justOpened = true
          break
        case '}':
        case ']':
          depth = Math.max(0, depth - 1)
          out += newline() + c
          break
        case ',':
          out += `,${newline()}`
          break
        case ':':
          out += ': '
          break
        case '"':
          out += c
          inString = true
          break
        default:
          out += c
      }
    }
    output += out
  }

  return {
    push,
    get length() {
      return length
    },
    get output() {
      return output
    },
  }
}
