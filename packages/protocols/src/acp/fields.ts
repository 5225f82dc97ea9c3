/** Typed reads of untrusted ACP wire fields: a value of the wrong type reads as absent. */

export type WireObject = Record<string, unknown>

export function isObject(value: unknown): value is WireObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A non-empty string, or undefined. */
export function readString(object: WireObject, key: string): string | undefined {
  const value = object[key]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** A finite number, or undefined. */
export function readNumber(object: WireObject, key: string): number | undefined {
  const value = object[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}
