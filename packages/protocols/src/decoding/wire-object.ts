/** Turning one raw wire message into an object, for every decoder. */
import type { IssueHandler } from '@palimpsest/core'

/**
 * Accepts a parsed object or its JSON text. Returns the object, or undefined (reported) when the
 * input is not JSON or not a JSON object.
 */
export function readWireObject(
  wire: unknown,
  source: string,
  report: IssueHandler,
): Record<string, unknown> | undefined {
  let value = wire
  if (typeof wire === 'string') {
    try {
      value = JSON.parse(wire)
    } catch (error) {
      report({
        code: 'malformed-json',
        message: `${source}: not JSON (${String(error)})`,
        input: wire.slice(0, 200),
        source,
      })
      return undefined
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report({
      code: 'malformed-message',
      message: `${source}: a wire message must be a JSON object`,
      input: value,
      source,
    })
    return undefined
  }
  return value as Record<string, unknown>
}

/**
 * `readWireObject` for protocols whose messages are told apart by a string `type`: a message without
 * one is reported as `code` (`"<what> needs a string "type""`) and dropped.
 */
export function readTypedWireObject(
  wire: unknown,
  source: string,
  report: IssueHandler,
  code: string,
  what: string,
): (Record<string, unknown> & { type: string }) | undefined {
  const value = readWireObject(wire, source, report)
  if (!value) return undefined
  if (typeof value.type !== 'string') {
    report({ code, message: `${what} needs a string "type"`, source, input: value })
    return undefined
  }
  return value as Record<string, unknown> & { type: string }
}

/** A handler that calls `onIssue` and never lets it throw into the decoder. */
export function safeReporter(onIssue: IssueHandler | undefined): IssueHandler {
  return (issue) => {
    try {
      onIssue?.(issue)
    } catch {
      // A throwing onIssue must not break decoding.
    }
  }
}
