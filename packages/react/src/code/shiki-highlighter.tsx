/**
 * A `highlight` hook for `StreamingMarkdown` / `Transcript` backed by Shiki. Shiki, its JavaScript
 * regex engine and each language's grammar are imported on first use; until a language is loaded
 * the block shows as plain code (a promise, so `StreamingMarkdown` keeps the code as it is and
 * never flashes back once highlighted). Lines are tokenised incrementally (`incremental-tokens.ts`),
 * by default in a worker (`tokenise-worker.ts`), so the main thread only renders the runs.
 */

import type { CodeHighlighter } from '@palimpsest/react'
import { createElement, type ReactNode } from 'react'
import { AwaitedLines } from './AwaitedLines'
import { createIncrementalTokens, type IncrementalTokens, type IncrementalTokensOptions } from './incremental-tokens'
import { createRenderedLines } from './rendered-lines'
import { createShikiLanguages, type ShikiLanguages } from './shiki-tokenizer'
import type { TokenRun } from './token-runs'
import { createTokeniseClient, type TokeniseClient, workerUnavailable } from './tokenise-client'

export interface ShikiHighlighterOptions extends IncrementalTokensOptions {
  /**
   * Languages to highlight, by Shiki id or alias (`ts`, `py`, `diff`, …). Default: every language
   * Shiki bundles, each loaded the first time a fence uses it.
   */
  languages?: readonly string[]
  /**
   * Where code is tokenised. `'worker'` (the default where `Worker` exists): Shiki runs in a module
   * worker; a block shows the lines highlighted already and its new lines plain until the worker
   * answers, and the next chunk's render shows the answer (or a render of its own when no chunk
   * follows within 100 ms), so a streaming fence still commits once per chunk. If the worker cannot
   * start (a content security policy, a bundler that did not emit it), the highlighter goes on on the
   * main thread. `'main-thread'`: tokenised while rendering, highlighted in the same commit (the
   * default where there is no `Worker`: a server render, jsdom).
   */
  tokenise?: 'worker' | 'main-thread'
}

export interface ShikiHighlighter extends CodeHighlighter {
  /** Lines tokenised so far (a probe: a fence growing line by line tokenises only its new lines). */
  readonly linesTokenized: number
  /** Resolves once Shiki and `language`'s grammar are loaded (false when it is not a known language). */
  load(language: string): Promise<boolean>
}

export function createShikiHighlighter(options: ShikiHighlighterOptions = {}): ShikiHighlighter {
  const { languages, tokenise = typeof Worker === 'function' ? 'worker' : 'main-thread' } = options
  let mainThread: { languages: ShikiLanguages; cache?: IncrementalTokens<ReactNode> } | undefined
  let worker: TokeniseClient | undefined =
    tokenise === 'worker'
      ? createTokeniseClient({ languages, maxBlocks: options.maxBlocks, maxLines: options.maxLines }, () => {
          worker = undefined
        })
      : undefined
  /** Grammar ids of the fence languages asked for so far (undefined: not one to highlight). */
  const grammars = new Map<string, string | undefined>()
  const loading = new Map<string, Promise<string | undefined>>()
  const rendered = createRenderedLines<ReactNode>(options)

  const onMainThread = () => {
    mainThread ??= { languages: createShikiLanguages(languages) }
    return mainThread
  }

  const grammarOf = (language: string): Promise<string | undefined> => {
    let grammar = loading.get(language)
    if (!grammar) {
      const onMain = () => onMainThread().languages.load(language)
      grammar = (worker ? worker.load(language).catch(orOnMainThread(onMain)) : onMain()).then((id) => {
        grammars.set(language, id)
        return id
      })
      loading.set(language, grammar)
    }
    return grammar
  }

  /** Each line of `code` (a loaded grammar's) rendered on the main thread, all at once. */
  const linesNow = (grammar: string, code: string): readonly ReactNode[] => {
    const main = onMainThread()
    const tokenizer = main.languages.tokenizer
    if (!tokenizer) throw new Error('Shiki is not loaded on the main thread')
    main.cache ??= createIncrementalTokens(tokenizer, renderLine, options)
    return main.cache.lines(grammar, code)
  }

  /**
   * Highlights `code` of a fence in `language`, whose grammar (`grammar`) is loaded where it is
   * tokenised. With the worker: the lines known already highlighted and the rest plain, until it answers.
   */
  const highlightLoaded = (language: string, grammar: string, code: string): ReactNode => {
    if (!worker) return joinLines(linesNow(grammar, code))
    const lines = code.split('\n')
    const known = rendered.match(grammar, lines)
    if (known.complete) return joinLines(known.rendered)
    const from = known.rendered.length
    const answer = worker.lines(grammar, code, from).then(
      (runs) => {
        const all = known.rendered.concat(runs.map((line, offset) => renderLine(line, from + offset)))
        rendered.keep(grammar, lines, all)
        return all
      },
      orOnMainThread(() =>
        onMainThread()
          .languages.load(language)
          .then(() => linesNow(grammar, code)),
      ),
    )
    return createElement(AwaitedLines, { lines, known: known.rendered, answer })
  }

  const highlight = ((code: string, language: string | undefined) => {
    if (!language) return undefined
    if (grammars.has(language)) {
      const grammar = grammars.get(language)
      if (!grammar) return undefined
      // Once the worker has failed, a grammar it loaded must be loaded on the main thread too.
      if (worker || onMainThread().languages.loadedId(language)) return highlightLoaded(language, grammar, code)
    }
    return grammarOf(language).then(async (grammar) => {
      if (!grammar) return code // an unknown language stays plain: resolving to the code shows it unchanged
      if (!worker) await onMainThread().languages.load(language)
      return highlightLoaded(language, grammar, code)
    })
  }) as ShikiHighlighter
  Object.defineProperty(highlight, 'linesTokenized', {
    get: () => (mainThread?.cache?.linesTokenized ?? 0) + (worker?.linesTokenized ?? 0),
  })
  highlight.load = (language) => grammarOf(language).then((grammar) => grammar !== undefined)
  return highlight
}

/** A rejection handler that runs `onMain` when the worker could not answer, and passes other errors on. */
function orOnMainThread<T>(onMain: () => T | Promise<T>): (error: unknown) => T | Promise<T> {
  return (error) => {
    if (error === workerUnavailable) return onMain()
    throw error
  }
}

/** A line's element: its runs of same-looking tokens, coloured by class (`token-runs.ts`). Made once per tokenisation. */
function renderLine(runs: readonly TokenRun[], index: number): ReactNode {
  const children = runs.map(([classes, text], position) =>
    classes === '' ? text : createElement('span', { key: position, className: classes }, text),
  )
  return createElement('span', { key: index, 'data-line': '' }, children)
}

/** Lines with a line ending between them (the last one's is added by `StreamingMarkdown`). */
function joinLines(lines: readonly ReactNode[]): ReactNode[] {
  const nodes: ReactNode[] = []
  lines.forEach((line, index) => {
    if (index > 0) nodes.push('\n')
    nodes.push(line)
  })
  return nodes
}
