import { traces } from '@palimpsest/protocols/traces'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { tracesWithStories } from '../support/scenario-names'
import { TraceScenario } from '../support/TraceScenario'

const meta = {
  title: 'Scenarios/All recorded traces',
  parameters: {
    docs: {
      description: {
        component:
          'Every trace in `@palimpsest/protocols/traces`, picked from a list: a trace added to the repository shows up here at once.',
      },
    },
  },
  args: { name: traces[0]?.name ?? '' },
  argTypes: {
    name: {
      name: 'Trace',
      control: 'select',
      options: traces.map((trace) => trace.name),
    },
  },
  render: ({ name }) => <TraceScenario key={name} name={name} panel />,
} satisfies Meta<{ name: string }>

export default meta
type Story = StoryObj<typeof meta>

/** Pick any recorded trace in the Controls panel; the wire panel is open. */
export const AnyTrace: Story = {
  play: async () => {
    // Every recorded trace has its own scenario story too.
    await expect(traces.map((trace) => trace.name).sort()).toEqual([...tracesWithStories].sort())
  },
}
