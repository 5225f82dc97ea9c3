/** The messages between `createShikiHighlighter` and its tokenising worker (`tokenise-worker.ts`). */
import type { TokenRun } from './token-runs'

export type TokeniseRequest =
  /** Load a fence language's grammar; answered with its grammar id, or undefined for an unknown language. */
  | { id: number; kind: 'load'; language: string }
  /** Tokenise `code` of a loaded grammar; answered with the runs of its lines from `from` on. */
  | { id: number; kind: 'lines'; grammar: string; code: string; from: number }
  /** The languages to highlight (sent once, first). */
  | { id: number; kind: 'languages'; languages: readonly string[] | undefined; maxBlocks?: number; maxLines?: number }

export type TokeniseAnswer =
  | { id: number; kind: 'load'; grammar: string | undefined }
  | { id: number; kind: 'lines'; lines: TokenRun[][]; linesTokenized: number }
  | { id: number; kind: 'failed'; message: string }
