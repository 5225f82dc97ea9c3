/**
 * Splits streamed text into lines at LF, CRLF or a lone CR — including a CR that ends one chunk
 * and an LF that starts the next, which is one line end, not two. Memory stays bounded: a line
 * that grows past `maxLineLength` without ending stops the stream with a clear error.
 */
import { TransportError } from './transport-error'

/** 16 Mi characters: far above any real event, far below what takes a page down. */
export const defaultMaxLineLength = 16 * 1024 * 1024

export interface LineSplitter {
  /** The lines that `chunk` completes, without their line ends. Throws `line-too-long`. */
  push(chunk: string): string[]
  /** The unterminated rest of the stream, if any. */
  end(): string | undefined
}

export function createLineSplitter(maxLineLength: number = defaultMaxLineLength): LineSplitter {
  const lineEnd = /\r\n?|\n/g
  // The unterminated line so far, in pieces, so a long line arriving in small chunks is joined once.
  let pieces: string[] = []
  let pendingLength = 0
  let afterCarriageReturn = false

  const tooLong = () =>
    new TransportError(
      'line-too-long',
      `a line grew past ${maxLineLength} characters without ending; stopped reading to keep memory bounded (raise maxLineLength if the producer really sends such lines)`,
    )

  return {
    push(chunk) {
      const lines: string[] = []
      let start = 0
      if (afterCarriageReturn && chunk.length > 0) {
        afterCarriageReturn = false
        if (chunk.charCodeAt(0) === 10) start = 1
      }
      lineEnd.lastIndex = start
      for (let match = lineEnd.exec(chunk); match !== null; match = lineEnd.exec(chunk)) {
        if (pendingLength + (match.index - start) > maxLineLength) throw tooLong()
        const piece = chunk.slice(start, match.index)
        lines.push(pieces.length > 0 ? pieces.join('') + piece : piece)
        pieces = []
        pendingLength = 0
        start = match.index + match[0].length
        if (match[0] === '\r' && start === chunk.length) afterCarriageReturn = true
      }
      if (start < chunk.length) {
        pendingLength += chunk.length - start
        if (pendingLength > maxLineLength) throw tooLong()
        pieces.push(chunk.slice(start))
      }
      return lines
    },
    end() {
      if (pieces.length === 0) return undefined
      const rest = pieces.join('')
      pieces = []
      pendingLength = 0
      return rest
    },
  }
}
