/** Reading untrusted wire messages and their fields, for every decoder. */
import type { IssueCode } from '@palimpsest/core'
import type { DecoderKit } from './decoder-kit'

/** A JSON object as it came off the wire: every field is unknown until read. */
export type WireObject = Record<string, unknown>

/** A wire message whose kind is told by a string `type`. */
export type TypedWireObject = WireObject & { type: string }

type Reporter = Pick<DecoderKit, 'issue'>

export function isWireObject(value: unknown): value is WireObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A JSON value as display text: strings as they are, everything else as JSON. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** The value if it is a string, else undefined. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** What `parseWireText` returns for text that is not JSON (reported). */
export const unreadable: unique symbol = Symbol('unreadable')

/** JSON text parsed, anything else as it is; text that is not JSON is reported `malformed-json`. */
export function parseWireText(wire: unknown, context: Reporter): unknown {
  if (typeof wire !== 'string') return wire
  try {
    return JSON.parse(wire)
  } catch (error) {
    context.issue('malformed-json', `not JSON (${String(error)})`, wire.slice(0, 200))
    return unreadable
  }
}

/**
 * Accepts a parsed object or its JSON text. Returns the object, or undefined (reported) when the
 * input is not JSON or not a JSON object.
 */
export function readWireObject(wire: unknown, context: Reporter): WireObject | undefined {
  const value = parseWireText(wire, context)
  if (value === unreadable) return undefined
  if (!isWireObject(value)) {
    context.issue('malformed-message', 'a wire message must be a JSON object', value)
    return undefined
  }
  return value
}

/**
 * A reader for protocols whose messages are told apart by a string `type`: a message without one
 * is reported as `code` (`"<what> needs a string "type""`) and dropped.
 */
export function typedWireObjectReader(
  what: string,
  code: IssueCode,
): (wire: unknown, context: Reporter) => TypedWireObject | undefined {
  return (wire, context) => {
    const value = readWireObject(wire, context)
    if (!value) return undefined
    if (typeof value.type !== 'string') {
      context.issue(code, `${what} needs a string "type"`, value)
      return undefined
    }
    return value as TypedWireObject
  }
}
