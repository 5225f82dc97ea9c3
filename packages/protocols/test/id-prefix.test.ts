/** The random prefix every decoder draws for the ids it invents. */
import { afterEach, expect, test, vi } from 'vitest'
import { createIdPrefix } from '../src/id-prefix'

afterEach(() => {
  vi.unstubAllGlobals()
})

test('each decoder instance gets its own prefix, named after its protocol', () => {
  const prefixes = Array.from({ length: 1000 }, () => createIdPrefix('ai-sdk'))
  for (const prefix of prefixes) expect(prefix).toMatch(/^ai-sdk-[0-9a-z]{8}$/)
  expect(new Set(prefixes).size).toBe(1000)
})

test('without crypto.getRandomValues (an old runtime) the prefixes are still random', () => {
  vi.stubGlobal('crypto', undefined)
  const prefixes = Array.from({ length: 1000 }, () => createIdPrefix('acp-message'))
  for (const prefix of prefixes) expect(prefix).toMatch(/^acp-message-[0-9a-z]{8}$/)
  expect(new Set(prefixes).size).toBe(1000)
})
