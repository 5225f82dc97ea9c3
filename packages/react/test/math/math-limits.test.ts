/**
 * The math syntax bounds what a formula may cost: macros that expand without end or to a huge
 * formula, deep nesting, long formulas and too many of them in one block show their TeX (as a
 * parse error does) with the reason in the `title`, and ordinary formulas are untouched.
 */
import type { Element, Root, RootContent } from 'hast'
import { describe, expect, it } from 'vitest'
import { createMathSyntax, mathSyntax } from '../../src/math'

/** The formulas of a source: rendered, or their TeX with the reason. */
function formulas(source: string, syntax = mathSyntax): ({ error: string; tex: string } | 'katex')[] {
  const found: ({ error: string; tex: string } | 'katex')[] = []
  const walk = (node: Root | RootContent) => {
    if (node.type === 'element') {
      const classes = (node as Element).properties.className
      if (Array.isArray(classes) && classes.includes('katex-error')) {
        found.push({ error: String(node.properties.title), tex: textOf(node) })
        return
      }
      if (Array.isArray(classes) && classes.includes('katex')) {
        found.push('katex')
        return
      }
    }
    if ('children' in node) for (const child of node.children) walk(child)
  }
  walk(syntax.toHtmlTree(syntax.parse(source)))
  return found
}

function textOf(node: RootContent): string {
  if (node.type === 'text') return node.value
  return node.type === 'element' ? node.children.map(textOf).join('') : ''
}

const huge = `\\newcommand{\\a}{${'x'.repeat(68)}}\\newcommand{\\b}{${'\\a'.repeat(30)}}${'\\b'.repeat(30)}`

describe('math limits', () => {
  it.each([
    ['a macro that expands without end', '\\def\\a{\\a\\a}\\a', /Too many expansions/],
    ['a macro that quadruples', '\\def\\x{\\x\\x\\x\\x}\\x', /Too many expansions/],
    ['macros that expand within maxExpand to 62,000 tokens', huge, /formula too large: over 1500 TeX tokens/],
    ['a 40 KB formula', `${'x+'.repeat(20000)}x`, /formula too large: over 1500 TeX tokens/],
    ['150 nested fractions', `${'\\frac{'.repeat(150)}x${'}{y}'.repeat(150)}`, /nested too deeply: over 40 groups/],
    ['400 nested roots', `${'\\sqrt{'.repeat(400)}x${'}'.repeat(400)}`, /nested too deeply/],
    ['5,000 open braces', '{'.repeat(5000), /nested too deeply/],
    [
      'a long underbrace chain',
      Array.from({ length: 300 }, (_, i) => `\\underbrace{a+b}_{${i}}`).join('+'),
      /formula too large/,
    ],
  ])('%s shows its source with the reason', (_name, tex, reason) => {
    for (const source of [`$$\n${tex}\n$$`, `text $$${tex}$$ text`, `\\[\n${tex}\n\\]`]) {
      const [formula] = formulas(source)
      expect(formula).toEqual({ error: expect.stringMatching(reason), tex })
    }
  })

  it('lets a macro nest only as deep as the output allows', () => {
    const nested =
      '\\def\\s#1{\\sqrt{#1}}\\def\\t#1{\\s{\\s{\\s{\\s{\\s{#1}}}}}}\\def\\u#1{\\t{\\t{\\t{\\t{\\t{#1}}}}}}\\u{\\u{x}}'
    expect(formulas(`$$${nested}$$`)).toEqual([{ error: expect.stringMatching(/nested too deeply/), tex: nested }])
  })

  it('renders ordinary formulas, a long derivation and a paragraph of many formulas', () => {
    const derivation = [
      '\\begin{aligned}',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `f_${i}(x) &= \\int_0^\\infty \\frac{e^{-t x}}{1 + t^${i}}\\,dt + \\sum_{n=0}^{N} \\binom{N}{n} x^n \\\\`,
      ),
      '\\end{aligned}',
    ].join('\n')
    expect(formulas(`$$\n${derivation}\n$$`)).toEqual(['katex'])
    const cfrac = 'x = a_0 + \\cfrac{1}{a_1 + \\cfrac{1}{a_2 + \\cfrac{1}{a_3 + \\cfrac{1}{a_4 + \\cfrac{1}{a_5}}}}}'
    expect(formulas(`$$${cfrac}$$`)).toEqual(['katex'])
    const paragraph = Array.from({ length: 40 }, (_, i) => `$$x_{${i}} = \\frac{a_${i}}{b}$$`).join(' and ')
    expect(formulas(paragraph)).toEqual(Array.from({ length: 40 }, () => 'katex'))
  })

  it('budgets the formulas of one block together, and each block afresh', () => {
    // 601 tokens and 2,404 elements each: the third is over the block's 5,000 elements.
    const long = `$$${'x+'.repeat(300)}x$$`
    const paragraph = Array.from({ length: 4 }, () => long).join(' ')
    const [first, second, third, fourth] = formulas(paragraph)
    expect([first, second]).toEqual(['katex', 'katex'])
    expect(third).toEqual({ error: expect.stringMatching(/too much math in one block/), tex: long.slice(2, -2) })
    expect(fourth).toEqual({ error: expect.stringMatching(/too much math in one block/), tex: long.slice(2, -2) })
    // Each block is its own tree: the next one starts with a full budget.
    expect(formulas(long)).toEqual(['katex'])
  })

  it('takes limits as options, and keeps a \\gdef in its own formula', () => {
    const strict = createMathSyntax({ maxFormulaTokens: 10 })
    expect(formulas('$$x+y$$ and $$a+b+c+d+e+f+g$$', strict)).toEqual([
      'katex',
      { error: expect.stringMatching(/over 10 TeX tokens/), tex: 'a+b+c+d+e+f+g' },
    ])
    // KaTeX shows an undefined command in the error colour (rehype-katex renders it leniently after the error).
    const paragraph = mathSyntax.toHtmlTree(mathSyntax.parse('$$\\gdef\\q{Q}\\q$$ then $$\\q$$')).children[0] as Element
    const [first, , second] = paragraph.children
    expect(textOf(first!)).toContain('Q')
    expect(textOf(second!)).not.toContain('Q')
  })
})
