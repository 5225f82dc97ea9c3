/** Update lists for a short exchange, ending in each way a message can end. */
import type { AgentUpdate, MessageStatus } from '@palimpsest/core'
import { reasoningText, weatherAnswer } from './sample-content'

export function userMessage(messageId: string, text: string): AgentUpdate[] {
  return [
    { type: 'chunk', messageId, role: 'user', text },
    { type: 'message-done', messageId, status: 'complete' },
  ]
}

const question = "What's the weather in Lisbon tomorrow, and should I bring an umbrella?"

/** A question, then an answer with reasoning and a tool call, ending with `status` (or still streaming). */
export function exchange(status: MessageStatus): AgentUpdate[] {
  const answer: AgentUpdate[] = [
    { type: 'thought', messageId: 'a1', text: reasoningText },
    {
      type: 'tool-call',
      messageId: 'a1',
      toolCallId: 'weather-1',
      name: 'get_forecast',
      title: 'Forecast for Lisbon',
      toolKind: 'fetch',
      status: 'completed',
      input: { city: 'Lisbon', day: 'tomorrow' },
    },
    {
      type: 'tool-call-update',
      toolCallId: 'weather-1',
      output: { morning: '14 °C cloudy', afternoon: '17 °C showers', evening: '13 °C clearing' },
    },
  ]
  switch (status) {
    case 'complete':
      answer.push({ type: 'chunk', messageId: 'a1', text: weatherAnswer })
      break
    case 'streaming':
      answer.push({ type: 'chunk', messageId: 'a1', text: weatherAnswer.slice(0, 120) })
      break
    case 'cancelled':
      answer.push(
        { type: 'chunk', messageId: 'a1', text: 'Tomorrow in **Lisbon** will be mild and' },
        { type: 'tool-call-update', toolCallId: 'weather-1', status: 'cancelled' },
      )
      break
    case 'error':
      answer.push(
        { type: 'chunk', messageId: 'a1', text: 'Tomorrow in **Lisbon**' },
        { type: 'error', messageId: 'a1', code: 'overloaded', message: 'The model provider is overloaded (HTTP 529).' },
      )
      break
    case 'interrupted':
      answer.push({ type: 'chunk', messageId: 'a1', text: 'Tomorrow in **Lisbon** will be mild and wet. In the' })
      break
    case 'refusal':
      answer.length = 0
      answer.push({ type: 'chunk', messageId: 'a1', text: "I can't share forecasts for that location." })
      break
  }
  if (status !== 'streaming') answer.push({ type: 'message-done', messageId: 'a1', status })
  return [...userMessage('u1', question), { type: 'message-start', messageId: 'a1', role: 'assistant' }, ...answer]
}
