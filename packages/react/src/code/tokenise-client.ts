/**
 * The main thread's side of the tokenising worker: starts it (on first use), numbers the requests
 * and settles each one's promise with its answer. When the worker cannot run (no `Worker`, a
 * content security policy that forbids it, a bundler that did not emit it), every request still
 * waiting and every later one rejects with `workerUnavailable`, and `onFailure` is told once.
 */

import type { TokenRun } from './token-runs'
import type { TokeniseAnswer, TokeniseRequest } from './tokenise-protocol'

type Request = TokeniseRequest extends infer R ? (R extends TokeniseRequest ? Omit<R, 'id'> : never) : never

export interface TokeniseClient {
  /** The grammar id of `language` once loaded in the worker, or undefined for a language it does not highlight. */
  load(language: string): Promise<string | undefined>
  /** The runs of each line of `code` from line `from` on. */
  lines(grammar: string, code: string, from: number): Promise<TokenRun[][]>
  /** Lines the worker has tokenised, as of its last answer. */
  readonly linesTokenized: number
}

/** What a request rejects with when the worker cannot run. */
export const workerUnavailable = new Error('the tokenising worker cannot run here')

export function createTokeniseClient(
  settings: { languages: readonly string[] | undefined; maxBlocks?: number; maxLines?: number },
  onFailure: () => void,
): TokeniseClient {
  let worker: Worker | undefined
  let failed = false
  let nextId = 1
  let linesTokenized = 0
  const waiting = new Map<number, { settle: (answer: TokeniseAnswer) => void; fail: (error: Error) => void }>()

  const fail = () => {
    if (failed) return
    failed = true
    worker?.terminate()
    worker = undefined
    onFailure()
    const stranded = [...waiting.values()]
    waiting.clear()
    for (const request of stranded) request.fail(workerUnavailable)
  }

  const start = (): Worker | undefined => {
    if (worker || failed) return worker
    try {
      worker = new Worker(new URL('./tokenise-worker.ts', import.meta.url), { type: 'module' })
    } catch {
      fail()
      return undefined
    }
    worker.addEventListener('message', (event: MessageEvent<TokeniseAnswer>) => {
      const answer = event.data
      if (answer.kind === 'lines') linesTokenized = answer.linesTokenized
      const request = waiting.get(answer.id)
      waiting.delete(answer.id)
      request?.settle(answer)
    })
    worker.addEventListener('error', (event) => {
      event.preventDefault()
      fail()
    })
    worker.addEventListener('messageerror', fail)
    const { languages, maxBlocks, maxLines } = settings
    worker.postMessage({ id: 0, kind: 'languages', languages, maxBlocks, maxLines } satisfies TokeniseRequest)
    return worker
  }

  const send = <T>(request: Request, read: (answer: TokeniseAnswer) => T): Promise<T> => {
    const running = start()
    if (!running) return Promise.reject(workerUnavailable)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, {
        settle(answer) {
          if (answer.kind === 'failed') reject(new Error(answer.message))
          else resolve(read(answer))
        },
        fail: reject,
      })
      running.postMessage({ ...request, id } as TokeniseRequest)
    })
  }

  return {
    load: (language) =>
      send({ kind: 'load', language }, (answer) => (answer.kind === 'load' ? answer.grammar : undefined)),
    lines: (grammar, code, from) =>
      send({ kind: 'lines', grammar, code, from }, (answer) => (answer.kind === 'lines' ? answer.lines : [])),
    get linesTokenized() {
      return linesTokenized
    },
  }
}
