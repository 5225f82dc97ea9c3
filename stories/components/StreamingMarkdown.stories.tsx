import { StreamingMarkdown } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { expect, within } from 'storybook/test'
import { tokenize } from '../support/fake-agent'
import { codeAnswer, weatherAnswer } from '../support/sample-content'

const meta = {
  title: 'Components/StreamingMarkdown',
  component: StreamingMarkdown,
  parameters: {
    docs: {
      description: {
        component:
          'Markdown for text that is still arriving: settled blocks are memoised, only the tail is re-parsed, and incomplete syntax at the tail (an open `**`, a half table, an open fence) renders sensibly.',
      },
    },
  },
} satisfies Meta<typeof StreamingMarkdown>

export default meta
type Story = StoryObj<typeof meta>

export const Complete: Story = {
  args: { text: `${weatherAnswer}\n\n${codeAnswer}`, streaming: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table')).toBeVisible()
    await expect(canvasElement.querySelector('pre code')).not.toBeNull()
  },
}

/** Cut mid-syntax: an open bold, a half table row and an open code fence. */
export const IncompleteTail: Story = {
  args: { text: 'Tomorrow will be **mild and\n\n| Time | Rain |\n| --- | --- |\n| Morning | 20', streaming: true },
}

export const OpenCodeFence: Story = {
  args: { text: 'The fix:\n\n```ts\nfor (let i = 0; i < items.length; i++) {\n  total +=', streaming: true },
}

const fullText = `${weatherAnswer}\n\n${codeAnswer}`
const tokens = tokenize(fullText)

function TypingMarkdown() {
  const [count, setCount] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setCount((n) => (n >= tokens.length + 40 ? 0 : n + 1)), 40)
    return () => clearInterval(timer)
  }, [])
  const text = tokens.slice(0, count).join('')
  return <StreamingMarkdown text={text} streaming={count < tokens.length} />
}

/** Word by word, on a loop. */
export const Typing: Story = {
  args: { text: '', streaming: true },
  render: () => <TypingMarkdown />,
}
