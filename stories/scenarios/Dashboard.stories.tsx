import { Transcript } from '@palimpsest/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { expect, waitFor } from 'storybook/test'
import { dashboardScript } from '../support/dashboard-scripts'
import { useFakeAgent } from '../support/fake-agent'
import { storeWith } from '../support/fixture-store'

const meta: Meta<{ agents: number }> = {
  title: 'Scenarios/Dashboard',
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Many concurrent streams: each tile has its own store and a timer-driven fake agent (answers, rollbacks, tool calls, cancelled and failed runs) that starts over when it ends.',
      },
    },
  },
  args: { agents: 16 },
  argTypes: { agents: { control: { type: 'range', min: 1, max: 24, step: 1 } } },
}

export default meta
type Story = StoryObj<{ agents: number }>

function AgentTile({ agent }: { agent: number }) {
  const store = useMemo(() => storeWith([]), [])
  const script = useMemo(() => dashboardScript(agent), [agent])
  useFakeAgent(store, script, { restartAfterMs: 1500 + ((agent * 131) % 1500) })
  return (
    <div
      style={{ height: 230, display: 'flex', flexDirection: 'column', border: '1px solid var(--palimpsest-border)' }}
    >
      <Transcript store={store} labels={{ transcript: `Agent ${agent + 1}` }} style={{ fontSize: '0.8rem' }} />
    </div>
  )
}

function Dashboard({ agents }: { agents: number }) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        gap: 8,
        padding: 8,
      }}
    >
      {Array.from({ length: agents }, (_, agent) => (
        <AgentTile key={agent} agent={agent} />
      ))}
    </div>
  )
}

/** Sixteen agents streaming at once. */
export const SixteenStreams: Story = {
  render: ({ agents }) => <Dashboard agents={agents} />,
  play: async ({ canvasElement }) => {
    const tiles = canvasElement.querySelectorAll('[role="log"]')
    await expect(tiles).toHaveLength(16)
    // Every tile streams an answer. Each tile's agent starts over a while after it ends (its store
    // reset), so the tiles are checked as they answer, not all at one moment: on a loaded machine the
    // first ones may already be starting over when the last one answers. Sixteen timer-driven agents
    // take about 4 s alone, but a CI dry run with the other story projects beside it saw 9 answered
    // after 8 s, so the wait is generous (the project's test timeout allows it).
    const answered = new Set<Element>()
    await waitFor(
      () => {
        for (const tile of tiles) {
          if (tile.querySelector('[data-role="assistant"] [data-palimpsest-part="text"]')) answered.add(tile)
        }
        expect(answered.size).toBe(16)
      },
      { timeout: 30_000 },
    )
  },
}
