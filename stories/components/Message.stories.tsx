import type { AgentUpdate } from '@palimpsest/core'
import { Message, TranscriptOptionsProvider, TranscriptProvider, useMessageContext } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { expect, within } from 'storybook/test'
import { exchange } from '../support/conversation'
import { storeWith } from '../support/fixture-store'
import { MessageFixture } from '../support/MessageFixture'

const meta = {
  title: 'Components/Message',
  parameters: {
    docs: {
      description: {
        component:
          '`<Message messageId>` renders header, `SecondaryContent` (how the agent got there) and `PrimaryContent` (the answer). Compose `Message.Root`, `.Header`, `.Secondary` and `.Primary` for your own layout.',
      },
    },
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const updates = exchange('complete')

export const Default: Story = { render: () => <MessageFixture updates={updates} /> }

export const UserMessage: Story = { render: () => <MessageFixture updates={updates} messageId="u1" /> }

function AnswerFirst() {
  const message = useMessageContext()
  return (
    <>
      <Message.Header>{message.author ?? 'Weather agent'}</Message.Header>
      <Message.Primary />
      <details>
        <summary>How I got there</summary>
        <Message.Secondary />
      </details>
    </>
  )
}

function ComposedMessage({ source }: { source: AgentUpdate[] }) {
  const store = useMemo(() => storeWith(source), [source])
  const message = store.getState().messages.a1
  if (!message) return null
  return (
    <TranscriptProvider store={store}>
      <TranscriptOptionsProvider>
        <Message.Root message={message}>
          <AnswerFirst />
        </Message.Root>
      </TranscriptOptionsProvider>
    </TranscriptProvider>
  )
}

/** A custom layout from the slots: the answer first, the secondary content behind a disclosure. */
export const ComposedSlots: Story = {
  render: () => <ComposedMessage source={updates} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Weather agent')).toBeVisible()
    await expect(canvas.getByText('How I got there')).toBeVisible()
    const slots = [...canvasElement.querySelectorAll('[data-palimpsest-slot]')].map((el) =>
      el.getAttribute('data-palimpsest-slot'),
    )
    await expect(slots).toEqual(['primary', 'secondary'])
  },
}
