import 'katex/dist/katex.min.css'
import { StreamingMarkdown } from '@palimpsest/react'
import { mathSyntax } from '@palimpsest/react/math'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'

const meta = {
  title: 'Components/Math',
  component: StreamingMarkdown,
  parameters: {
    docs: {
      description: {
        component:
          "`@palimpsest/react/math`: `$$…$$` and `\\[…\\]` formulas typeset with KaTeX (`$…$` too with `createMathSyntax({ singleDollarTextMath: true })`); while a formula streams it shows as its TeX, and a formula that does not parse shows its source. Load KaTeX's stylesheet: `import 'katex/dist/katex.min.css'`.",
      },
    },
  },
} satisfies Meta<typeof StreamingMarkdown>

export default meta
type Story = StoryObj<typeof meta>

const mathHeavyAnswer = [
  '## Solving a quadratic',
  '',
  'For $$ax^2 + bx + c = 0$$ with $$a \\neq 0$$, completing the square gives',
  '',
  '$$',
  'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}',
  '$$',
  '',
  'The discriminant $$\\Delta = b^2 - 4ac$$ decides how many real roots there are:',
  '',
  '| discriminant $$\\Delta$$ | real roots |',
  '| --- | --- |',
  '| $$> 0$$ | two |',
  '| $$= 0$$ | one |',
  '| $$< 0$$ | none |',
  '',
  'A series and a matrix:',
  '',
  '$$',
  '\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}, \\qquad',
  '\\begin{pmatrix} \\cos\\theta & -\\sin\\theta \\\\ \\sin\\theta & \\cos\\theta \\end{pmatrix}',
  '$$',
  '',
  'The same display math as chat models often write it, between `\\[` and `\\]`:',
  '',
  '\\[',
  'e^{i\\pi} + 1 = 0',
  '\\]',
  '',
  'A typo stays readable as its source: $$\\frac{1}{$$. Prices stay prices: $5 and $10.',
].join('\n')

const answer: Story = {
  args: { text: mathHeavyAnswer, syntax: mathSyntax },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.katex-display').length).toBe(3))
    await expect(canvasElement.querySelector('.katex-error')?.textContent).toBe('\\frac{1}{')
  },
}

export const MathHeavyAnswer: Story = { ...answer, globals: { theme: 'light' } }

export const MathHeavyAnswerDark: Story = { ...answer, globals: { theme: 'dark' } }
