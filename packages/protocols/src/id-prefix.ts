/**
 * Ids for what a protocol left unnamed. One transcript store is often fed by many decoders — one
 * per request (the AI SDK's one stream per turn), per run, per session, and again after a page
 * load restores a saved transcript — so a counter alone would name turn 2's message like turn 1's.
 * Each decoder instance draws a random prefix instead; its generated ids are `<prefix>-<n>`.
 */

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz'

/** `<protocol>-<8 random base-36 characters>`, e.g. `ai-sdk-k3v9x0qa`. */
export function createIdPrefix(protocol: string): string {
  return `${protocol}-${randomSuffix(8)}`
}

function randomSuffix(length: number): string {
  const bytes = new Uint8Array(length)
  const crypto = globalThis.crypto
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes)
  else for (let i = 0; i < length; i++) bytes[i] = Math.floor(Math.random() * 256)
  let suffix = ''
  // 256 is not a multiple of 36: the slight bias costs nothing here (uniqueness, not secrecy).
  for (const byte of bytes) suffix += alphabet[byte % alphabet.length]
  return suffix
}
