/**
 * LaTeX's own delimiters as math: `\[ … \]` (and `\( … \)` when inline math is on), as chat models
 * write them. A micromark extension that emits the very tokens remark-math's `$$` constructs emit, so
 * mdast-util-math builds the same `math` and `inlineMath` nodes and a formula renders exactly as
 * if it had been written with `$$`:
 *
 * - `\[` alone on its line (up to three spaces before it, whitespace after it) opens a display
 *   formula, as a `$$` line does; a line of only `\]` closes it (without one, it runs to the end of
 *   its container, as an unclosed `$$` does). It may interrupt a paragraph.
 * - Anywhere else in text, `\[ … \]` is a formula as `$$ … $$` is on one line: inline math, in the
 *   same paragraph. `\( … \)` is the same, only with `singleDollarTextMath` (as `$ … $`).
 * - Nothing in code spans, code blocks or HTML, and not after a backslash that is itself escaped
 *   (`\\[` is a backslash and a bracket). Inside a formula, `\\` is TeX's pair, so `\\]` does not close.
 *
 * So, with math on, `\[` in prose is a formula's start rather than CommonMark's escaped bracket.
 */

/** micromark's character codes (`null` is the end of the input; line endings are negative). */
type Code = number | null
type State = (code: Code) => State | undefined
interface Token {
  type: string
}
interface Effects {
  enter(type: string, fields?: Record<string, unknown>): Token
  exit(type: string): Token
  consume(code: Code): void
  attempt(construct: Construct, ok: State, nok: State): State
}
interface TokenizeContext {
  interrupt?: boolean
  events: [string, Token, { sliceSerialize(token: Token, expandTabs?: boolean): string }][]
  now(): { line: number }
  parser: { lazy: Record<number, boolean> }
}
type Tokenizer = (this: TokenizeContext, effects: Effects, ok: State, nok: State) => State
interface Construct {
  name?: string
  tokenize: Tokenizer
  partial?: boolean
  concrete?: boolean
  resolve?: (events: [string, Token & { end?: unknown }, unknown][]) => unknown[]
}
/** The micromark extension (typed loosely: micromark's types are not a dependency of this package). */
export interface BracketMathExtension {
  flow: Record<number, Construct>
  text: Record<number, Construct>
}

const backslash = 92
const leftParenthesis = 40
const rightParenthesis = 41
const leftSquareBracket = 91
const rightSquareBracket = 93
const space = 32

const lineEnding = (code: Code): boolean => code !== null && code < -2
const spaceOrTab = (code: Code): boolean => code === -2 || code === -1 || code === space

/** The micromark extension: `\[` display math in flow, `\[`/`\(` inline math in text. */
export function bracketMath(inlineParentheses: boolean): BracketMathExtension {
  return { flow: { [backslash]: bracketMathFlow }, text: { [backslash]: bracketMathText(inlineParentheses) } }
}

/** A remark plugin adding `bracketMath` to the parser (use it with remark-math, which builds the nodes). */
export function remarkBracketMath(
  this: { data(): object },
  { inlineParentheses = false }: { inlineParentheses?: boolean } = {},
): undefined {
  const data = this.data() as { micromarkExtensions?: unknown[] }
  data.micromarkExtensions ??= []
  data.micromarkExtensions.push(bracketMath(inlineParentheses))
}

/** Up to `max - 1` spaces or tabs as a `type` token (micromark-factory-space). */
function spaces(effects: Effects, ok: State, type: string, max?: number): State {
  const limit = max ? max - 1 : Number.POSITIVE_INFINITY
  let size = 0
  const inside: State = (code) => {
    if (spaceOrTab(code) && size++ < limit) {
      effects.consume(code)
      return inside
    }
    effects.exit(type)
    return ok(code)
  }
  return (code) => {
    if (!spaceOrTab(code)) return ok(code)
    effects.enter(type)
    return inside(code)
  }
}

const nonLazyContinuation: Construct = {
  partial: true,
  tokenize(effects, ok, nok) {
    const lineStart: State = (code) => (this.parser.lazy[this.now().line] ? nok(code) : ok(code))
    return (code) => {
      if (code === null) return ok(code)
      effects.enter('lineEnding')
      effects.consume(code)
      effects.exit('lineEnding')
      return lineStart
    }
  },
}

/** `\[` on its own line … `\]` on its own line: remark-math's `mathFlow` tokens (micromark-extension-math's tokenizer, with these fences). */
const bracketMathFlow: Construct = {
  name: 'mathFlow',
  concrete: true,
  tokenize(effects, ok, nok) {
    const tail = this.events[this.events.length - 1]
    const initialSize = tail && tail[1].type === 'linePrefix' ? tail[2].sliceSerialize(tail[1], true).length : 0
    const interrupt = this.interrupt

    const after: State = (code) => {
      effects.exit('mathFlow')
      return ok(code)
    }
    const contentChunk: State = (code) => {
      if (code === null || lineEnding(code)) {
        effects.exit('mathFlowValue')
        return beforeContentChunk(code)
      }
      effects.consume(code)
      return contentChunk
    }
    const beforeContentChunk: State = (code) => {
      if (code === null) return after(code)
      if (lineEnding(code)) return effects.attempt(nonLazyContinuation, beforeNonLazyContinuation, after)(code)
      effects.enter('mathFlowValue')
      return contentChunk(code)
    }
    const contentStart: State = (code) =>
      (initialSize ? spaces(effects, beforeContentChunk, 'linePrefix', initialSize + 1) : beforeContentChunk)(code)
    const beforeNonLazyContinuation: State = (code) => effects.attempt(closingFence, after, contentStart)(code)
    const openingEnd: State = (code) => {
      if (code !== null && !lineEnding(code)) return nok(code)
      effects.exit('mathFlowFence')
      if (interrupt) return ok(code)
      return effects.attempt(nonLazyContinuation, beforeNonLazyContinuation, after)(code)
    }
    const openingBracket: State = (code) => {
      if (code !== leftSquareBracket) return nok(code)
      effects.consume(code)
      effects.exit('mathFlowFenceSequence')
      return spaces(effects, openingEnd, 'whitespace')
    }
    return (code) => {
      effects.enter('mathFlow')
      effects.enter('mathFlowFence')
      effects.enter('mathFlowFenceSequence')
      effects.consume(code)
      return openingBracket
    }
  },
}

/** A line of only `\]` (up to three spaces before it). */
const closingFence: Construct = {
  partial: true,
  tokenize(effects, ok, nok) {
    const end: State = (code) => {
      if (code !== null && !lineEnding(code)) return nok(code)
      effects.exit('mathFlowFence')
      return ok(code)
    }
    const bracket: State = (code) => {
      if (code !== rightSquareBracket) return nok(code)
      effects.consume(code)
      effects.exit('mathFlowFenceSequence')
      return spaces(effects, end, 'whitespace')
    }
    const sequence: State = (code) => {
      if (code !== backslash) return nok(code)
      effects.enter('mathFlowFence')
      effects.enter('mathFlowFenceSequence')
      effects.consume(code)
      return bracket
    }
    return spaces(effects, sequence, 'linePrefix', 4)
  },
}

/** `\[ … \]` (and `\( … \)`) in text: remark-math's `mathText` tokens, padding resolved as its `$$ … $$`. */
function bracketMathText(inlineParentheses: boolean): Construct {
  return {
    name: 'mathText',
    resolve: resolveMathText,
    tokenize(effects, ok, nok) {
      let closer = rightSquareBracket
      let candidate: Token
      const data: State = (code) => {
        if (code === null || code === space || code === backslash || lineEnding(code)) {
          effects.exit('mathTextData')
          return between(code)
        }
        effects.consume(code)
        return data
      }
      // After a backslash in the formula: the closing delimiter, or a TeX control symbol such as `\\`.
      const closing: State = (code) => {
        if (code === closer) {
          effects.consume(code)
          effects.exit('mathTextSequence')
          effects.exit('mathText')
          return ok
        }
        candidate.type = 'mathTextData'
        if (code === backslash) {
          effects.consume(code)
          return data
        }
        return data(code)
      }
      const between: State = (code) => {
        if (code === null) return nok(code)
        if (code === backslash) {
          candidate = effects.enter('mathTextSequence')
          effects.consume(code)
          return closing
        }
        if (code === space || lineEnding(code)) {
          const type = code === space ? 'space' : 'lineEnding'
          effects.enter(type)
          effects.consume(code)
          effects.exit(type)
          return between
        }
        effects.enter('mathTextData')
        return data(code)
      }
      const opening: State = (code) => {
        if (code === leftParenthesis && inlineParentheses) closer = rightParenthesis
        else if (code !== leftSquareBracket) return nok(code)
        effects.consume(code)
        effects.exit('mathTextSequence')
        return between
      }
      return (code) => {
        effects.enter('mathText')
        effects.enter('mathTextSequence')
        effects.consume(code)
        return opening
      }
    },
  }
}

type Event = [string, Token & { end?: unknown }, unknown]

/** micromark-extension-math's `resolveMathText`: one space of padding on both sides is dropped, spaces and data merge. */
function resolveMathText(events: Event[]): Event[] {
  let tailExitIndex = events.length - 4
  let headEnterIndex = 3
  let index: number
  let enter: number | undefined
  const padding = (type: string) => type === 'lineEnding' || type === 'space'
  if (padding(events[headEnterIndex]![1].type) && padding(events[tailExitIndex]![1].type)) {
    index = headEnterIndex
    while (++index < tailExitIndex) {
      if (events[index]![1].type === 'mathTextData') {
        events[tailExitIndex]![1].type = 'mathTextPadding'
        events[headEnterIndex]![1].type = 'mathTextPadding'
        headEnterIndex += 2
        tailExitIndex -= 2
        break
      }
    }
  }
  index = headEnterIndex - 1
  tailExitIndex++
  while (++index <= tailExitIndex) {
    if (enter === undefined) {
      if (index !== tailExitIndex && events[index]![1].type !== 'lineEnding') enter = index
    } else if (index === tailExitIndex || events[index]![1].type === 'lineEnding') {
      events[enter]![1].type = 'mathTextData'
      if (index !== enter + 2) {
        events[enter]![1].end = events[index - 1]![1].end
        events.splice(enter + 2, index - enter - 2)
        tailExitIndex -= index - enter - 2
        index = enter + 2
      }
      enter = undefined
    }
  }
  return events
}
