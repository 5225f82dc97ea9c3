/** Math answers for the equivalence and streaming tests: display and inline formulas in every container. */
export const mathDocuments: readonly string[] = [
  'The roots of $ax^2 + bx + c = 0$ are\n\n$$\nx = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}\n$$\n\nwhen $a \\neq 0$.',
  "Euler's identity: $$e^{i\\pi} + 1 = 0$$ inline, and a block:\n\n$$\n\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}\n$$",
  '# Integral $$\\int_0^1 x\\,dx$$\n\nA price of $5 and $10 stays text.\n\n$$\n\\begin{aligned}\na &= b + c \\\\\n  &= d\n\\end{aligned}\n$$\n',
  '- item with $$x^2$$\n- block in a list:\n\n  $$\n  \\alpha + \\beta\n  $$\n- after\n\n> quoted\n> $$\n> \\gamma\n> $$\n',
  'A formula with a blank line inside:\n$$\na = 1\n\nb = 2\n$$\nafter it *emphasis* and `code $x$`.\n',
  '| a | b |\n| - | - |\n| $$x$$ | $y$ |\n\n```math\nE = mc^2\n```\n\nText $a*b$ and $c*d$ here.\n',
  'Unclosed at the end:\n\n$$\n\\frac{1}{2',
  'Bad TeX $$\\frac{1}{$$ and \\$ escaped $ dollars, `$$` in code, $$a$$$$b$$.\n\n$$\n\\undefinedcommand{x}\n$$\n',
  '1. first\n2. $$\n   x + y\n   $$\n3. third $$z$$ **bold**\n',
]

/**
 * Answers with LaTeX's delimiters, each with the same answer written with dollars: `\[ … \]` as
 * `$$ … $$`, and `\( … \)` kept (it is math only with `singleDollarTextMath`, where the test writes it
 * as `$ … $`). Code, and backslashes that are themselves escaped, stay as written.
 */
export const bracketDocuments: readonly (readonly [brackets: string, dollars: string])[] = [
  [
    'The roots are\n\\[\nx = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}\n\\]\nwhen \\(a \\neq 0\\), and \\( b^2 \\ge 4ac \\).\n',
    'The roots are\n$$\nx = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}\n$$\nwhen \\(a \\neq 0\\), and \\( b^2 \\ge 4ac \\).\n',
  ],
  [
    'Inline \\[ e^{i\\pi} + 1 = 0 \\] in a sentence, \\[a\\] and \\[b\\].\n\n\\[\n\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}\n\\]',
    'Inline $$ e^{i\\pi} + 1 = 0 $$ in a sentence, $$a$$ and $$b$$.\n\n$$\n\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}\n$$',
  ],
  [
    '- item \\[x^2\\]\n- block in a list:\n\n  \\[\n  \\alpha + \\beta\n  \\]\n- after\n\n> quoted\n> \\[\n> \\gamma\n> \\]\n',
    '- item $$x^2$$\n- block in a list:\n\n  $$\n  \\alpha + \\beta\n  $$\n- after\n\n> quoted\n> $$\n> \\gamma\n> $$\n',
  ],
  [
    'Code `\\[x\\]` stays, and\n\n```\n\\[\ny\n\\]\n```\n\nescaped \\\\[z\\\\] too, as does `\\(w\\)`.\n',
    'Code `\\[x\\]` stays, and\n\n```\n\\[\ny\n\\]\n```\n\nescaped \\\\[z\\\\] too, as does `\\(w\\)`.\n',
  ],
  [
    'A matrix \\[\\begin{matrix} a & b \\\\ c & d \\end{matrix}\\] and\n\\[\n\\begin{aligned}\na &= b + c \\\\\n  &= d\n\\end{aligned}\n\\]\n',
    'A matrix $$\\begin{matrix} a & b \\\\ c & d \\end{matrix}$$ and\n$$\n\\begin{aligned}\na &= b + c \\\\\n  &= d\n\\end{aligned}\n$$\n',
  ],
  [
    'Text right before\n\\[  \nx^2 *a* [b]\n  \\]  \nafter **it**.\n\n# Title \\[t\\]\n\n| a | b |\n| - | - |\n| \\[y\\] | z |\n',
    'Text right before\n$$  \nx^2 *a* [b]\n  $$  \nafter **it**.\n\n# Title $$t$$\n\n| a | b |\n| - | - |\n| $$y$$ | z |\n',
  ],
  [
    'Bad TeX:\n\n\\[\n\\undefinedcommand{x}\n\\]\n\nUnclosed at the end:\n\n\\[\n\\frac{1}{2',
    'Bad TeX:\n\n$$\n\\undefinedcommand{x}\n$$\n\nUnclosed at the end:\n\n$$\n\\frac{1}{2',
  ],
  [
    '1. first\n2. \\[\n   x + y\n   \\]\n3. third \\[z\\] **bold** and \\(q\\)\n',
    '1. first\n2. $$\n   x + y\n   $$\n3. third $$z$$ **bold** and \\(q\\)\n',
  ],
]
