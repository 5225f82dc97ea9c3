/**
 * Tokenises code line by line and keeps, per code block, each line's tokens and the grammar state
 * after it. A request whose code shares its first lines with a kept block (a fence that grew, or was
 * edited) tokenises only from the first line that differs, starting from the state the line before
 * ended in; after an edit, once a line and the state before it match the old block again, the rest
 * is reused too. So a fence growing line by line costs O(new lines) per request, and settled lines
 * are never tokenised again. The kept blocks are bounded (least recently used are dropped).
 */
import { createKeptBlocks, type KeptBlock } from './kept-blocks'

/** One line's tokenisation, continuing from the state the previous line ended in. */
export interface LineTokenizer<Tokens, State> {
  /** `group` is what the block was requested with (e.g. its language). */
  tokenizeLine(line: string, before: State | undefined, group: string): { tokens: Tokens; after: State }
  /** Tokenising from `a` and from `b` gives the same result (lets an edit stop re-tokenising). */
  sameState(a: State | undefined, b: State | undefined): boolean
}

export interface IncrementalTokensOptions {
  /** Blocks kept per cache (default 64). */
  maxBlocks?: number
  /** Lines kept over all blocks (default 50,000). */
  maxLines?: number
}

interface KeptTokens<Tokens, Line, State> extends KeptBlock {
  lines: string[]
  tokens: Tokens[]
  /** What each line renders as (built from its tokens and index, once). */
  rendered: Line[]
  /** Grammar state after each line. */
  after: State[]
}

export interface IncrementalTokens<Line> {
  /** Each line of `code` rendered, tokenising only the lines no kept block of `group` already has. */
  lines(group: string, code: string): readonly Line[]
  /** Lines tokenised since the cache was made: a probe for the cost of streaming. */
  readonly linesTokenized: number
  /** Blocks and lines kept now. */
  readonly size: { blocks: number; lines: number }
}

export function createIncrementalTokens<Tokens, State, Line>(
  tokenizer: LineTokenizer<Tokens, State>,
  renderLine: (tokens: Tokens, index: number) => Line,
  { maxBlocks = 64, maxLines = 50_000 }: IncrementalTokensOptions = {},
): IncrementalTokens<Line> {
  const kept = createKeptBlocks<KeptTokens<Tokens, Line, State>>(maxBlocks, maxLines)
  let linesTokenized = 0

  const tokenize = (block: KeptTokens<Tokens, Line, State>, index: number) => {
    const before = index === 0 ? undefined : block.after[index - 1]
    const { tokens, after } = tokenizer.tokenizeLine(block.lines[index] as string, before, block.group)
    linesTokenized++
    block.tokens[index] = tokens
    block.rendered[index] = renderLine(tokens, index)
    block.after[index] = after
  }

  return {
    lines(group, code) {
      const lines = code.split('\n')
      const match = kept.bestMatch(group, lines)
      let block: KeptTokens<Tokens, Line, State>
      if (match) {
        block = match.block
        kept.remove(block)
        retokenize(block, lines, match.shared, tokenize, tokenizer, renderLine)
      } else {
        block = { group, lines, tokens: [], rendered: [], after: [] }
        for (let index = 0; index < lines.length; index++) tokenize(block, index)
      }
      kept.add(block)
      return block.rendered.slice()
    },
    get linesTokenized() {
      return linesTokenized
    },
    get size() {
      return kept.size
    },
  }
}

/**
 * Makes `block` hold `lines`: its first `shared` lines are kept; from there lines are tokenised
 * until one equals the old line at the same distance from the end and starts in the same state,
 * after which the old lines' tokens and states are reused.
 */
function retokenize<Tokens, Line, State>(
  block: KeptTokens<Tokens, Line, State>,
  lines: string[],
  shared: number,
  tokenize: (block: KeptTokens<Tokens, Line, State>, index: number) => void,
  tokenizer: LineTokenizer<Tokens, State>,
  renderLine: (tokens: Tokens, index: number) => Line,
) {
  const old = { lines: block.lines, tokens: block.tokens, rendered: block.rendered, after: block.after }
  const shift = old.lines.length - lines.length
  block.lines = lines
  block.tokens = old.tokens.slice(0, shared)
  block.rendered = old.rendered.slice(0, shared)
  block.after = old.after.slice(0, shared)
  for (let index = shared; index < lines.length; index++) {
    const oldIndex = index + shift
    if (oldIndex >= shared && oldIndex < old.lines.length && old.lines[oldIndex] === lines[index]) {
      const before = index === 0 ? undefined : block.after[index - 1]
      const oldBefore = oldIndex === 0 ? undefined : old.after[oldIndex - 1]
      if (tokenizer.sameState(before, oldBefore)) {
        // The rest is the old block's tail, tokenised from the same state: reuse it (rendered
        // again only when its lines moved, as a line's rendering knows its index).
        for (let rest = index; rest < lines.length; rest++) {
          const tokens = old.tokens[rest + shift] as Tokens
          block.tokens[rest] = tokens
          block.rendered[rest] = shift === 0 ? (old.rendered[rest + shift] as Line) : renderLine(tokens, rest)
          block.after[rest] = old.after[rest + shift] as State
        }
        return
      }
    }
    tokenize(block, index)
  }
}
