/**
 * The tokenising worker of `createShikiHighlighter`: Shiki, the grammars and the incremental line
 * cache live here, off the main thread. It answers each request with the token runs of the lines
 * the main thread does not have yet; the lines it tokenises are, as on the main thread, only the
 * ones no kept block already has.
 */
import { createIncrementalTokens, type IncrementalTokens } from './incremental-tokens'
import { createShikiLanguages, type ShikiLanguages } from './shiki-tokenizer'
import type { TokenRun } from './token-runs'
import type { TokeniseAnswer, TokeniseRequest } from './tokenise-protocol'

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<TokeniseRequest>) => void): void
  postMessage(answer: TokeniseAnswer): void
}

const scope = self as unknown as WorkerScope
let languages: ShikiLanguages | undefined
let cache: IncrementalTokens<TokenRun[]> | undefined
let cacheOptions: { maxBlocks?: number; maxLines?: number } = {}

async function answer(request: TokeniseRequest): Promise<TokeniseAnswer | undefined> {
  if (request.kind === 'languages') {
    languages = createShikiLanguages(request.languages)
    cacheOptions = { maxBlocks: request.maxBlocks, maxLines: request.maxLines }
    return undefined
  }
  languages ??= createShikiLanguages()
  if (request.kind === 'load') return { id: request.id, kind: 'load', grammar: await languages.load(request.language) }
  const tokenizer = languages.tokenizer
  if (!tokenizer) throw new Error('lines requested before a grammar was loaded')
  cache ??= createIncrementalTokens(tokenizer, (runs: TokenRun[]) => runs, cacheOptions)
  const lines = cache.lines(request.grammar, request.code).slice(request.from)
  return { id: request.id, kind: 'lines', lines: lines as TokenRun[][], linesTokenized: cache.linesTokenized }
}

scope.addEventListener('message', (event) => {
  const request = event.data
  answer(request).then(
    (reply) => reply && scope.postMessage(reply),
    (error: unknown) => scope.postMessage({ id: request.id, kind: 'failed', message: String(error) }),
  )
})
