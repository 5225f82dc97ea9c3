/**
 * Scripts for the dashboard's fake agents: each differs in pace and story (a plain answer, a
 * rollback that clears and re-streams, a tool call, a cancelled or failed run), chosen by index so
 * the dashboard is the same on every load.
 */
import type { AgentUpdate } from '@palimpsest/core'
import { type ScriptStep, streamText, streamThought } from './fake-agent'
import { shortAnswers, userQuestions } from './sample-content'

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T
}

export function dashboardScript(agent: number): ScriptStep[] {
  const pace = 35 + ((agent * 17) % 60)
  const answer = pick(shortAnswers, agent)
  const steps: ScriptStep[] = [
    {
      delayMs: 200 + ((agent * 97) % 900),
      updates: [
        { type: 'chunk', messageId: 'u', role: 'user', text: pick(userQuestions, agent) },
        { type: 'message-done', messageId: 'u', status: 'complete' },
        { type: 'message-start', messageId: 'a', role: 'assistant' },
      ],
    },
    ...streamThought('a', 'Look at the relevant files first, then answer briefly.', pace),
  ]
  const kind = agent % 4
  if (kind === 1) {
    // A speculative draft, rolled back and replaced.
    steps.push(...streamText('a', 'I think the answer is probably in the config file, since', pace))
    steps.push({ delayMs: 250, updates: [{ type: 'clear', messageId: 'a', target: 'text' }] })
  }
  if (kind === 2) {
    const tool: AgentUpdate = {
      type: 'tool-call',
      messageId: 'a',
      toolCallId: `t${agent}`,
      name: 'search',
      title: 'Search the repository',
      toolKind: 'search',
      status: 'in_progress',
    }
    steps.push({ delayMs: pace, updates: [tool] })
    steps.push({ delayMs: 600, updates: [{ type: 'tool-call-update', toolCallId: `t${agent}`, status: 'completed' }] })
  }
  steps.push(...streamText('a', answer, pace))
  const ending = agent % 7 === 3 ? 'cancelled' : agent % 11 === 5 ? 'error' : 'complete'
  steps.push({ delayMs: pace, updates: [{ type: 'message-done', messageId: 'a', status: ending }] })
  return steps
}
