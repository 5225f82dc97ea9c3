/**
 * A `highlight` hook for `StreamingMarkdown` / `Transcript` backed by Shiki. Shiki, its JavaScript
 * regex engine and each language's grammar are imported on first use; until a language is loaded
 * the block shows as plain code (a promise, so `StreamingMarkdown` keeps the code as it is and
 * never flashes back once highlighted). Lines are tokenised incrementally (`incremental-tokens.ts`).
 */

import type { CodeHighlighter } from '@palimpsest/react'
import { createElement, type ReactNode } from 'react'
import type { HighlighterCore, LanguageInput, ThemedToken } from 'shiki/core'
import { createIncrementalTokens, type IncrementalTokensOptions, type LineTokenizer } from './incremental-tokens'
import { codeVariablePrefix, tokenRuns } from './token-runs'

/** Colours are CSS variables (`--palimpsest-code-*`), set through token classes in `styles.css` for light and dark. */
const themeName = 'palimpsest-css-variables'

export interface ShikiHighlighterOptions extends IncrementalTokensOptions {
  /**
   * Languages to highlight, by Shiki id or alias (`ts`, `py`, `diff`, …). Default: every language
   * Shiki bundles, each loaded the first time a fence uses it.
   */
  languages?: readonly string[]
}

export interface ShikiHighlighter extends CodeHighlighter {
  /** Lines tokenised so far (a probe: a fence growing line by line tokenises only its new lines). */
  readonly linesTokenized: number
  /** Resolves once Shiki and `language`'s grammar are loaded (false when it is not a known language). */
  load(language: string): Promise<boolean>
}

type GrammarState = NonNullable<ReturnType<HighlighterCore['getLastGrammarState']>>

export function createShikiHighlighter(options: ShikiHighlighterOptions = {}): ShikiHighlighter {
  let shiki: Promise<Shiki> | undefined
  let loaded: Shiki | undefined
  const loadedLanguages = new Set<string>()
  const pending = new Map<string, Promise<boolean>>()
  const allowed = options.languages && new Set(options.languages.map((language) => language.toLowerCase()))

  const ensureShiki = () => {
    shiki ??= loadShiki().then((value) => {
      loaded = value
      return value
    })
    return shiki
  }

  /** The grammar id for a fence's language, or undefined when it is not one Shiki bundles. */
  const grammarId = (language: string, bundled: Shiki['bundled']) => {
    const name = language.toLowerCase()
    if (allowed && !allowed.has(name)) return undefined
    return bundled.aliases.get(name)
  }

  const load = (language: string): Promise<boolean> => {
    const known = pending.get(language)
    if (known) return known
    const loading = ensureShiki().then(async (value) => {
      const id = grammarId(language, value.bundled)
      if (!id) return false
      if (!loadedLanguages.has(id)) {
        await value.highlighter.loadLanguage(value.bundled.loaders.get(id) as LanguageInput)
        loadedLanguages.add(id)
      }
      return true
    })
    pending.set(language, loading)
    return loading
  }

  let cache: ReturnType<typeof createIncrementalTokens<ThemedToken[], GrammarState, ReactNode>> | undefined
  const tokensOf = (value: Shiki, id: string, code: string) => {
    cache ??= createIncrementalTokens(shikiLineTokenizer(value.highlighter), renderLine, options)
    return joinLines(cache.lines(id, code))
  }

  const highlight = ((code: string, language: string | undefined) => {
    if (!language) return undefined
    if (loaded) {
      const id = grammarId(language, loaded.bundled)
      if (!id) return undefined
      if (loadedLanguages.has(id)) return tokensOf(loaded, id, code)
    }
    return load(language).then((known) => {
      const value = loaded as Shiki
      const id = known ? grammarId(language, value.bundled) : undefined
      // An unknown language stays plain: resolving to the code itself shows it unchanged.
      return id ? tokensOf(value, id, code) : code
    })
  }) as ShikiHighlighter
  Object.defineProperty(highlight, 'linesTokenized', { get: () => cache?.linesTokenized ?? 0 })
  highlight.load = load
  return highlight
}

interface Shiki {
  highlighter: HighlighterCore
  bundled: { aliases: Map<string, string>; loaders: Map<string, LanguageInput> }
}

async function loadShiki(): Promise<Shiki> {
  const [
    { createHighlighterCore, createCssVariablesTheme },
    { createJavaScriptRegexEngine },
    { bundledLanguagesInfo },
  ] = await Promise.all([import('shiki/core'), import('shiki/engine/javascript'), import('shiki/langs')])
  const highlighter = await createHighlighterCore({
    themes: [createCssVariablesTheme({ name: themeName, variablePrefix: codeVariablePrefix, fontStyle: true })],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  })
  const aliases = new Map<string, string>()
  const loaders = new Map<string, LanguageInput>()
  for (const info of bundledLanguagesInfo) {
    loaders.set(info.id, info.import)
    aliases.set(info.id, info.id)
    for (const alias of info.aliases ?? []) aliases.set(alias, info.id)
  }
  return { highlighter, bundled: { aliases, loaders } }
}

function shikiLineTokenizer(highlighter: HighlighterCore): LineTokenizer<ThemedToken[], GrammarState> {
  return {
    tokenizeLine(line, before, language) {
      const lines = highlighter.codeToTokensBase(line, {
        lang: language,
        theme: themeName,
        ...(before && { grammarState: before }),
      })
      return { tokens: lines[0] ?? [], after: highlighter.getLastGrammarState(lines) as GrammarState }
    },
    sameState(a, b) {
      if (a === b) return true
      if (!a || !b) return false
      const stackA = a.getInternalStack() as { equals?: (other: unknown) => boolean } | undefined
      const stackB = b.getInternalStack()
      return a.lang === b.lang && typeof stackA?.equals === 'function' && stackA.equals(stackB)
    },
  }
}

/** A line's element: its runs of same-looking tokens, coloured by class (`token-runs.ts`). Made once per tokenisation. */
function renderLine(tokens: ThemedToken[], index: number): ReactNode {
  const runs = tokenRuns(tokens).map(([classes, text], position) =>
    classes === '' ? text : createElement('span', { key: position, className: classes }, text),
  )
  return createElement('span', { key: index, 'data-line': '' }, runs)
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
