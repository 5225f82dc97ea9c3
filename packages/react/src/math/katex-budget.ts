/**
 * rehype-katex with bounds on what a formula, and the formulas of one block, may cost. KaTeX's own
 * `maxExpand` counts macro expansions, not what they produce:
 * `\newcommand{\a}{<68 x>}\newcommand{\b}{\a…(30 times)}\b…(30 times)` is 930 expansions, within
 * the limit, and 62,000 tokens that took 2.6 s to typeset in Node. And typesetting is the smaller
 * part: parsing KaTeX's HTML into hast, turning that into React elements and the DOM cost about
 * 50 µs per element in Chromium (a 1,000-token formula is 4,000 elements, 200 ms), and nesting
 * (`\frac{\frac{…`) is slower still, and over a few hundred levels overflows the stack.
 *
 * So each formula is rendered on its own, by rehype-katex, with:
 * - a token budget: KaTeX looks every token it reads (after macro expansion) up in its macro table;
 *   the table handed to it counts the lookups and throws a KaTeX `ParseError` past the formula's or
 *   the block's budget, so KaTeX stops early and shows the source, as for any parse error;
 * - an output check: a formula whose HTML is over its element or depth budget (or that overflowed
 *   the stack) is replaced by its source before any of it reaches React.
 * Either way the formula shows its TeX, like a parse error, with the reason in its `title`.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'
import katex, { type KatexOptions } from 'katex'
import rehypeKatex from 'rehype-katex'
import { SKIP, visit } from 'unist-util-visit'

export interface MathLimits {
  /** Tokens one formula may read, after macro expansion (default 1,500; a long aligned derivation reads a few hundred). */
  maxFormulaTokens?: number
  /** Tokens all the formulas of one block (a paragraph, a list, a display formula) may read together (default 3,000). */
  maxBlockTokens?: number
  /** Elements one formula's HTML may have (default 3,000; that long derivation has about 1,000). */
  maxFormulaElements?: number
  /** Elements the formulas of one block may have together (default 5,000). */
  maxBlockElements?: number
  /** How deep one formula's HTML may nest (default 200; five nested `\cfrac` are about 90). */
  maxFormulaDepth?: number
  /**
   * How deep groups may nest in a formula's source, `{…}`, `\left…\right` and `\begin…\end`
   * counted (default 40): checked before KaTeX runs (KaTeX takes no function as a bare argument, so
   * nesting needs groups; macros that nest are caught by `maxFormulaDepth` after).
   */
  maxFormulaNesting?: number
}

export const defaultMathLimits: Readonly<Required<MathLimits>> = Object.freeze({
  maxFormulaTokens: 1500,
  maxBlockTokens: 3000,
  maxFormulaElements: 3000,
  maxBlockElements: 5000,
  maxFormulaDepth: 200,
  maxFormulaNesting: 40,
})

type File = Parameters<ReturnType<typeof rehypeKatex>>[1]

/** A rehype plugin: rehype-katex, formula by formula, within `limits` (see the module comment). */
export function rehypeBoundedKatex({ katex: options, limits }: { katex: KatexOptions; limits: Required<MathLimits> }) {
  return (tree: Root, file: File): undefined => {
    const block = { tokens: 0, elements: 0 }
    visit(tree, 'element', (node, index, parent) => {
      if (!parent || index === undefined || !isMath(node)) return
      const mini: Root = { type: 'root', children: [node] }
      let reason: string | undefined =
        nesting(textOf(node)) > limits.maxFormulaNesting
          ? `formula nested too deeply: over ${limits.maxFormulaNesting} groups`
          : undefined
      if (reason === undefined) {
        try {
          rehypeKatex(budgetedOptions(options, limits, block))(mini, file)
        } catch (error) {
          // KaTeX's own errors are caught by rehype-katex; this is its HTML parsed into a tree too deep.
          reason = error instanceof RangeError ? 'formula nested too deeply' : `formula could not be rendered: ${error}`
        }
      }
      if (reason === undefined) {
        const { elements, depth } = measure(mini.children)
        block.elements += elements
        if (depth > limits.maxFormulaDepth) reason = `formula nested too deeply: over ${limits.maxFormulaDepth} levels`
        else if (elements > limits.maxFormulaElements) {
          reason = `formula too large: over ${limits.maxFormulaElements} elements`
        } else if (block.elements > limits.maxBlockElements) {
          reason = `too much math in one block: over ${limits.maxBlockElements} elements`
        }
      }
      const result = (
        reason === undefined ? mini.children : [sourceOf(node, reason, options.errorColor)]
      ) as ElementContent[]
      parent.children.splice(index, 1, ...result)
      return [SKIP, index + result.length]
    })
  }
}

const mathClasses = ['language-math', 'math-display', 'math-inline']

/** A formula as rehype-katex finds it: an element with a math class, or the `pre` around one. */
function isMath(node: Element): boolean {
  const target = node.tagName === 'pre' && node.children[0]?.type === 'element' ? node.children[0] : node
  const classes = target.properties.className
  return Array.isArray(classes) && classes.some((name) => mathClasses.includes(String(name)))
}

/** What KaTeX shows for a formula it cannot parse: its source, in the error colour, the reason as its title. */
function sourceOf(node: Element, reason: string, errorColor = '#cc0000'): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: {
      className: ['katex-error'],
      title: `ParseError: KaTeX parse error: ${reason}`,
      style: `color:${errorColor}`,
    },
    children: [{ type: 'text', value: textOf(node) }],
  }
}

/** The deepest nesting of `{`, `\left` and `\begin` groups in TeX (`\{` is a brace, not a group). */
function nesting(tex: string): number {
  let depth = 0
  let deepest = 0
  for (const [token] of tex.matchAll(/\\(?:left|begin)(?![a-zA-Z])|\\(?:right|end)(?![a-zA-Z])|\\.|[{}]/g)) {
    if (token === '{' || token === '\\left' || token === '\\begin') deepest = Math.max(deepest, ++depth)
    else if (token === '}' || token === '\\right' || token === '\\end') depth--
  }
  return deepest
}

function textOf(node: RootContent): string {
  if (node.type === 'text') return node.value
  return node.type === 'element' ? node.children.map(textOf).join('') : ''
}

function measure(nodes: readonly RootContent[]): { elements: number; depth: number } {
  let elements = 0
  let depth = 0
  const stack: [RootContent, number][] = nodes.map((node) => [node, 1])
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, level] = next
    if (node.type !== 'element') continue
    elements++
    depth = Math.max(depth, level)
    for (const child of node.children) stack.push([child, level + 1])
  }
  return { elements, depth }
}

/**
 * KaTeX options for one formula whose `macros` is a getter: each render rehype-katex makes (it
 * spreads the options into each call, and renders a failed formula a second time, leniently) gets
 * a fresh counting table over a copy of the given macros, so a `\gdef` never leaks into the next
 * formula. Once over budget, the second render fails at its first token.
 */
function budgetedOptions(
  options: KatexOptions,
  { maxFormulaTokens, maxBlockTokens }: Required<MathLimits>,
  block: { tokens: number },
): KatexOptions {
  let overBudget: string | undefined
  const macros = (): Record<string, unknown> => {
    let tokens = 0
    return new Proxy<Record<string, unknown>>(
      { ...(options.macros as Record<string, unknown> | undefined) },
      {
        getOwnPropertyDescriptor(target, name) {
          tokens++
          block.tokens++
          overBudget ??=
            tokens > maxFormulaTokens
              ? `formula too large: over ${maxFormulaTokens} TeX tokens after macro expansion`
              : block.tokens > maxBlockTokens
                ? `too much math in one block: over ${maxBlockTokens} TeX tokens after macro expansion`
                : undefined
          if (overBudget !== undefined) throw new katex.ParseError(overBudget)
          return Reflect.getOwnPropertyDescriptor(target, name)
        },
      },
    )
  }
  const budgeted: KatexOptions = { ...options }
  Object.defineProperty(budgeted, 'macros', { enumerable: true, get: macros })
  return budgeted
}
