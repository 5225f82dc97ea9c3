/**
 * Shiki as a line tokeniser, with no React: loads Shiki (JavaScript regex engine), its language
 * list and each grammar on first use, and turns a line into runs of same-looking tokens
 * (`token-runs.ts`). Used on the main thread and in the tokenising worker alike.
 */

import type { HighlighterCore, LanguageInput } from 'shiki/core'
import type { StateStack } from 'shiki/textmate'
import type { LineTokenizer } from './incremental-tokens'
import { appendRun, codeVariablePrefix, runClasses, type TokenRun } from './token-runs'

/** Colours are CSS variables (`--palimpsest-code-*`), set through token classes in `styles.css` for light and dark. */
const themeName = 'palimpsest-css-variables'

/** What Shiki allows one line by default before it gives up and leaves the rest of the line plain. */
const tokenizeTimeLimitMs = 500

export interface ShikiLanguages {
  /**
   * Resolves to the grammar id for a fence's language once its grammar is loaded, or to undefined
   * when it is not a language Shiki bundles (or not one of `allowed`).
   */
  load(language: string): Promise<string | undefined>
  /** The grammar id when it is loaded already (no waiting), else undefined. */
  loadedId(language: string): string | undefined
  /** Tokenises one line of a loaded grammar (its id as `group`). Undefined until Shiki has loaded. */
  readonly tokenizer: LineTokenizer<TokenRun[], StateStack> | undefined
}

/** Shiki with only `allowed` languages (Shiki ids or aliases, any case), or every bundled one. */
export function createShikiLanguages(allowed?: readonly string[]): ShikiLanguages {
  const allowedNames = allowed && new Set(allowed.map((language) => language.toLowerCase()))
  let shiki: Promise<Shiki> | undefined
  let loaded: Shiki | undefined
  const loadedIds = new Set<string>()
  const pending = new Map<string, Promise<string | undefined>>()

  const grammarId = (language: string, bundled: Shiki['bundled']) => {
    const name = language.toLowerCase()
    if (allowedNames && !allowedNames.has(name)) return undefined
    return bundled.aliases.get(name)
  }

  return {
    load(language) {
      const known = pending.get(language)
      if (known) return known
      shiki ??= loadShiki().then((value) => {
        loaded = value
        return value
      })
      const loading = shiki.then(async (value) => {
        const id = grammarId(language, value.bundled)
        if (!id) return undefined
        if (!loadedIds.has(id)) {
          await value.highlighter.loadLanguage(value.bundled.loaders.get(id) as LanguageInput)
          // Tokenising once through Shiki's own API themes the grammar registry with our one theme,
          // which the grammar's token metadata (read below) is encoded against.
          value.highlighter.codeToTokensBase('', { lang: id, theme: themeName })
          loadedIds.add(id)
        }
        return id
      })
      pending.set(language, loading)
      return loading
    },
    loadedId(language) {
      if (!loaded) return undefined
      const id = grammarId(language, loaded.bundled)
      return id && loadedIds.has(id) ? id : undefined
    },
    get tokenizer() {
      return loaded?.tokenizer
    },
  }
}

interface Shiki {
  highlighter: HighlighterCore
  bundled: { aliases: Map<string, string>; loaders: Map<string, LanguageInput> }
  tokenizer: LineTokenizer<TokenRun[], StateStack>
}

async function loadShiki(): Promise<Shiki> {
  const [
    { createHighlighterCore, createCssVariablesTheme },
    { createJavaScriptRegexEngine },
    { bundledLanguagesInfo },
    { EncodedTokenMetadata, INITIAL, Theme },
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
  const theme = highlighter.getTheme(themeName)
  // The colours a token's metadata indexes: TextMate builds this map from the theme, the same way
  // for the grammar registry as here.
  const colorMap = Theme.createFromRawTheme(theme).getColorMap()
  const classesByLook = new Map<number, string>()
  const classesOfLook = (encoded: number) => {
    const foreground = EncodedTokenMetadata.getForeground(encoded)
    const fontStyle = EncodedTokenMetadata.getFontStyle(encoded)
    // Font styles are 4 bits.
    const look = foreground * 16 + fontStyle
    let classes = classesByLook.get(look)
    if (classes === undefined) {
      // The theme's `var(…)` colours are stand-in hex colours for TextMate; the theme maps them back.
      const color = colorMap[foreground]
      classes = runClasses(color && (theme.colorReplacements?.[color.toLowerCase()] ?? color), fontStyle)
      classesByLook.set(look, classes)
    }
    return classes
  }
  /**
   * Tokenises with the grammar itself (`tokenizeLine2`: token offsets and their theme metadata), not
   * through `codeToTokensBase`, which per call splits lines, resolves the theme and builds a token
   * object per token: a line's runs come straight from the metadata.
   */
  const tokenizer: LineTokenizer<TokenRun[], StateStack> = {
    tokenizeLine(line, before, id) {
      // As Shiki does: an empty line has no tokens and leaves the state as it was.
      if (line === '') return { tokens: [], after: before ?? INITIAL }
      const { tokens, ruleStack } = highlighter.getLanguage(id).tokenizeLine2(line, before ?? null, tokenizeTimeLimitMs)
      const runs: TokenRun[] = []
      const count = tokens.length / 2
      for (let index = 0; index < count; index++) {
        const start = tokens[2 * index] as number
        const end = index + 1 < count ? (tokens[2 * index + 2] as number) : line.length
        if (start < end) appendRun(runs, classesOfLook(tokens[2 * index + 1] as number), line.slice(start, end))
      }
      return { tokens: runs, after: ruleStack }
    },
    sameState(a, b) {
      if (a === b) return true
      return a !== undefined && b !== undefined && a.equals(b)
    },
  }
  return { highlighter, bundled: { aliases, loaders }, tokenizer }
}
