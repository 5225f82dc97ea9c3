/** Newline-delimited JSON (NDJSON, JSON Lines): one JSON text per line. */
import { type ByteSource, type ReadOptions, textChunks } from './byte-source'
import { createLineSplitter } from './line-splitter'

export interface NdjsonOptions extends ReadOptions {
  /** The longest line accepted, in characters; a longer one stops the stream with a `TransportError`. Default 16 Mi. */
  maxLineLength?: number
}

const byteOrderMark = '\uFEFF'

/**
 * Yields each non-blank line as its raw text, unparsed: decoders accept JSON text, and leaving the
 * parse to them means a malformed line is reported where it is understood instead of ending the
 * stream. A last line without a line end is yielded too.
 */
export async function* ndjsonLines(source: ByteSource, options: NdjsonOptions = {}): AsyncGenerator<string, void> {
  const lines = createLineSplitter(options.maxLineLength)
  let atStreamStart = true
  for await (let chunk of textChunks(source, options)) {
    if (atStreamStart) {
      atStreamStart = false
      if (chunk.startsWith(byteOrderMark)) chunk = chunk.slice(1)
    }
    for (const line of lines.push(chunk)) if (!isBlank(line)) yield line
  }
  const rest = lines.end()
  if (rest !== undefined && !isBlank(rest)) yield rest
}

function isBlank(line: string): boolean {
  return line.trim() === ''
}
