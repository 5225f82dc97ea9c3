/**
 * Reading Agent Framework JSON defensively: Python writes snake_case, .NET camelCase, and either
 * may omit, null or mistype any field. These readers return `undefined` for anything unusable.
 */

import { isWireObject, type WireObject } from '../decoding/wire-object'

const camelNames = new Map<string, string>()

/** `call_id` → `callId` (memoised: the same few names are read for every update). */
function camelCase(snake: string): string {
  let camel = camelNames.get(snake)
  if (camel === undefined) {
    camel = snake.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
    camelNames.set(snake, camel)
  }
  return camel
}

/** The field under its snake_case name (Python) or its camelCase name (.NET). */
export function field(record: WireObject, snakeName: string): unknown {
  const value = record[snakeName]
  if (value !== undefined && value !== null) return value
  return record[camelCase(snakeName)] ?? undefined
}

export function stringField(record: WireObject, snakeName: string): string | undefined {
  const value = field(record, snakeName)
  return typeof value === 'string' ? value : undefined
}

/** A string field that is present and not empty: producers use `""` to mean "not set". */
export function nonEmptyField(record: WireObject, snakeName: string): string | undefined {
  const value = stringField(record, snakeName)
  return value === undefined || value === '' ? undefined : value
}

export function numberField(record: WireObject, snakeName: string): number | undefined {
  const value = field(record, snakeName)
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

export function recordField(record: WireObject, snakeName: string): WireObject | undefined {
  const value = field(record, snakeName)
  return isWireObject(value) ? value : undefined
}

/** Tool arguments as an object when they are JSON text, else as given. */
export function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}
