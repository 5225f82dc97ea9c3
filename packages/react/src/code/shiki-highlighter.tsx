/**
 * A `highlight` hook for `StreamingMarkdown` / `Transcript` backed by Shiki. Shiki, its JavaScript
 * regex engine and each language's grammar are imported on first use; until a language is loaded
 * the block shows as plain code (a promise, so `StreamingMarkdown` keeps the code as it is and
 * never flashes back once highlighted). Lines are tokenised incrementally (`incremental-tokens.ts`).
 */

import type { CodeHighlighter } from '@palimpsest/react'
import { createElement, type ReactNode } from 'react'
import type { HighlighterCore, LanguageInput } from 'shiki/core'
import type { StateStack } from 'shiki/textmate'
import { createIncrementalTokens, type IncrementalTokensOptions, type LineTokenizer } from './incremental-tokens'
import { appendRun, codeVariablePrefix, runClasses, type TokenRun } from './token-runs'

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

  let cache: ReturnType<typeof createIncrementalTokens<TokenRun[], StateStack, ReactNode>> | undefined
  const tokensOf = (value: Shiki, id: string, code: string) => {
    cache ??= createIncrementalTokens(shikiLineTokenizer(value), renderLine, options)
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
  /** Reading a token's theme metadata (TextMate's encoding) and the state a grammar starts in. */
  metadata: {
    foreground(encoded: number): number
    fontStyle(encoded: number): number
    initial: StateStack
  }
}

type ShikiTheme = ReturnType<HighlighterCore['setTheme']>

/** What Shiki allows one line by default before it gives up and leaves the rest of the line plain. */
const tokenizeTimeLimitMs = 500

async function loadShiki(): Promise<Shiki> {
  const [
    { createHighlighterCore, createCssVariablesTheme },
    { createJavaScriptRegexEngine },
    { bundledLanguagesInfo },
    { EncodedTokenMetadata, INITIAL },
  ] = await Promise.all([
    import('shiki/core'),
    import('shiki/engine/javascript'),
    import('shiki/langs'),
    import('shiki/textmate'),
  ])
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
  const metadata = {
    foreground: EncodedTokenMetadata.getForeground,
    fontStyle: EncodedTokenMetadata.getFontStyle,
    initial: INITIAL,
  }
  return { highlighter, bundled: { aliases, loaders }, metadata }
}

/**
 * Tokenises with the grammar itself (`tokenizeLine2`: token offsets and their theme metadata), not
 * through `codeToTokensBase`, which per call splits lines, resolves the theme and builds a token
 * object per token: a line's runs come straight from the metadata, whose classes are worked out
 * once per colour and font style.
 */
function shikiLineTokenizer(shiki: Shiki): LineTokenizer<TokenRun[], StateStack> {
  const { highlighter, metadata } = shiki
  const classesByLook = new Map<number, string>()
  const classesOfLook = (encoded: number, theme: ShikiTheme) => {
    const foreground = metadata.foreground(encoded)
    const fontStyle = metadata.fontStyle(encoded)
    // Font styles are 4 bits.
    const look = foreground * 16 + fontStyle
    let classes = classesByLook.get(look)
    if (classes === undefined) {
      // The grammar registry holds stand-in hex colours for the theme's `var(…)` colours; the theme maps them back.
      const color = theme.colorMap[foreground]
      classes = runClasses(color && (theme.theme.colorReplacements?.[color.toLowerCase()] ?? color), fontStyle)
      classesByLook.set(look, classes)
    }
    return classes
  }
  return {
    tokenizeLine(line, before, language) {
      // As Shiki does: an empty line has no tokens and leaves the state as it was.
      if (line === '') return { tokens: [], after: before ?? metadata.initial }
      const theme = highlighter.setTheme(themeName)
      const { tokens, ruleStack } = highlighter
        .getLanguage(language)
        .tokenizeLine2(line, before ?? null, tokenizeTimeLimitMs)
      const runs: TokenRun[] = []
      const count = tokens.length / 2
      for (let index = 0; index < count; index++) {
        const start = tokens[2 * index] as number
        const end = index + 1 < count ? (tokens[2 * index + 2] as number) : line.length
        if (start < end) appendRun(runs, classesOfLook(tokens[2 * index + 1] as number, theme), line.slice(start, end))
      }
      return { tokens: runs, after: ruleStack }
    },
    sameState(a, b) {
      if (a === b) return true
      return a !== undefined && b !== undefined && a.equals(b)
    },
  }
}

/** A line's element: its runs of same-looking tokens, coloured by class (`token-runs.ts`). Made once per tokenisation. */
function renderLine(runs: TokenRun[], index: number): ReactNode {
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
