/**
 * Math as a markdown syntax set: remark-math parses `$$…$$` blocks (and `$…$` when asked), `bracket-math.ts`
 * adds LaTeX's `\[…\]` (and `\(…\)` with `$…$`) as the same nodes, rehype-katex renders them with KaTeX. While streaming, a formula is shown as its TeX until it is complete
 * (`math-repair.ts`), so a half-typed formula never renders, fails, and renders again.
 */
import { defineMarkdownSyntax, type MarkdownSyntax } from '@palimpsest/react'
import type { KatexOptions } from 'katex'
import remarkMath from 'remark-math'
import { remarkBracketMath } from './bracket-math'
import { defaultMathLimits, type MathLimits, rehypeBoundedKatex } from './katex-budget'
import { hideOpenInlineMath, showOpenDisplayMathAsSource } from './math-repair'

export interface MathSyntaxOptions extends MathLimits {
  /**
   * Whether `$…$` and `\(…\)` are inline math (default false: a lone `$` is text, so prices stay prices).
   * `$$…$$` and `\[…\]` always are.
   */
  singleDollarTextMath?: boolean
  /** KaTeX options, over `safeKatexOptions` (think twice before turning `trust` on: it lets TeX make links and HTML). */
  katex?: KatexOptions
}

/**
 * The KaTeX options formulas render with: nothing from the formula becomes a link, a class or HTML
 * (`trust: false`), LaTeX-incompatible input is an error (`strict`, reported by rehype-katex, which
 * then renders it leniently), macros expand at most 1,000 times and sizes (`\rule`, `\kern`, …) stay
 * within 10em (at 50em, fifty `\rule{50em}{50em}` took 1.5 s to paint in headless Chromium). With the
 * budgets of `MathLimits` (applied by `createMathSyntax`), a formula cannot blow up the page. A formula
 * that does not parse, or is over a budget, shows its TeX, in the text colour, the reason in its `title`.
 */
export const safeKatexOptions: Readonly<KatexOptions> = Object.freeze({
  trust: false,
  strict: 'error',
  maxExpand: 1000,
  maxSize: 10,
  errorColor: 'currentColor',
})

/**
 * A syntax set with math (`StreamingMarkdown`'s `syntax` prop, or the `Transcript`'s `markdownSyntax`
 * option). Create it once, at module level: each set builds its own parser.
 */
export function createMathSyntax({
  singleDollarTextMath = false,
  katex,
  ...limits
}: MathSyntaxOptions = {}): MarkdownSyntax {
  return defineMarkdownSyntax({
    name: singleDollarTextMath ? 'gfm+math($)' : 'gfm+math',
    // Math starts with `$` or a backslash, neither of them plain.
    plainTextPunctuation: true,
    remarkPlugins: [
      [remarkMath, { singleDollarTextMath }],
      [remarkBracketMath, { inlineParentheses: singleDollarTextMath }],
    ],
    // rehype-katex, formula by formula, within the limits (`katex-budget.ts`).
    rehypePlugins: [
      [
        rehypeBoundedKatex,
        { katex: { ...safeKatexOptions, ...katex }, limits: { ...defaultMathLimits, ...definedOnly(limits) } },
      ],
    ],
    // A line starting with `$` may be (or become) a `$$` fence, one of `\[` or a lone `\` a `\[` fence;
    // with it, paragraphs are parsed again.
    blockStart: /^(?:\$|\\\[|\\$)/,
    fencedTypes: ['math'],
    repairBlock: showOpenDisplayMathAsSource,
    repairText: (text, repairInline) => hideOpenInlineMath(text, singleDollarTextMath, repairInline),
  })
}

/** `$$…$$` blocks and `$$…$$` inline; `$` alone is text. */
export const mathSyntax: MarkdownSyntax = /* @__PURE__ */ createMathSyntax()

function definedOnly(limits: MathLimits): MathLimits {
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined))
}
