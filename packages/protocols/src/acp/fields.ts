/** Typed reads of untrusted ACP wire fields: a value of the wrong type reads as absent. */

import type { WireObject } from '../decoding/wire-object'

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
