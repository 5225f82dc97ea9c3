/** Values shown to the user as JSON text (never as HTML). */

/** `JSON.stringify(value, null, 2)`, or a plain description when the value cannot be printed (cycles, BigInt). */
export function prettyJson(value: unknown): { text: string; problem?: string } {
  if (typeof value === 'string') return { text: value }
  try {
    const text = JSON.stringify(value, null, 2)
    return { text: text ?? String(value) }
  } catch (error) {
    return { text: String(value), problem: String(error) }
  }
}
