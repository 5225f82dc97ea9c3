/**
 * Random valid wire messages from a protocol's templates: the structure (types, roles, statuses,
 * field names) is kept, ids are drawn from a small pool derived from the template's own id (so
 * messages and tool calls collide), and text is replaced by random fragments. A step is
 * `[template, variant]`; the variant seeds every choice, so a case is reproducible and cheap.
 */

/** Keys whose string value names something (message, tool call, item, request). */
const idKey = /(^id$|Id$|_id$|^call_id$)/
/** Keys whose string value is streamed or shown text. */
const textKey = /^(delta|text|content|summary|arguments|inputTextDelta|errorText|message|title|output|result)$/
const fragments = [
  'Hello',
  ' world',
  '**bold',
  '`code`',
  '\n\n- item',
  '| a | b |',
  '😀',
  'é',
  '{"city":',
  '"Paris"}',
  '[1,',
  ' ',
  '',
  '\u200B',
  '<b>x</b>',
]

/** A small deterministic generator (mulberry32). */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function randomText(random: () => number): string {
  const count = 1 + Math.floor(random() * 3)
  let text = ''
  for (let i = 0; i < count; i++) text += fragments[Math.floor(random() * fragments.length)]
  return text
}

function fill(value: unknown, key: string, random: () => number): unknown {
  if (typeof value === 'string') {
    if (idKey.test(key) && value !== '') return random() < 0.75 ? value : `${value}_2`
    if (textKey.test(key)) return randomText(random)
    return value
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, key, random))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = fill(v, k, random)
    return out
  }
  return value
}

/** A fresh wire message from `template`, its ids and text chosen by `variant`. */
export function randomWire(template: unknown, variant: number): unknown {
  return fill(template, '', randomSource(variant))
}

/**
 * Messages in a random order carry stale sequence numbers; a producer numbers what it sends in
 * order, so number them again (the mutations then make replays and gaps on purpose).
 */
export function renumber(messages: unknown[]): unknown[] {
  messages.forEach((message, i) => {
    if (typeof message === 'object' && message !== null && 'sequence_number' in message)
      (message as Record<string, unknown>).sequence_number = i
  })
  return messages
}
