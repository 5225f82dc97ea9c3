/**
 * One message from a store, with transcript options: how the part stories show a component on
 * its own. With `script`, a fake agent streams into the message instead.
 */
import type { AgentUpdate } from '@palimpsest/core'
import { Message, type TranscriptOptionsInput, TranscriptOptionsProvider, TranscriptProvider } from '@palimpsest/react'
import { useMemo } from 'react'
import { type ScriptStep, useFakeAgent } from './fake-agent'
import { storeWith } from './fixture-store'

export interface MessageFixtureProps extends TranscriptOptionsInput {
  updates: AgentUpdate[]
  messageId?: string
}

export function MessageFixture({ updates, messageId = 'a1', ...options }: MessageFixtureProps) {
  const store = useMemo(() => storeWith(updates), [updates])
  return (
    <TranscriptProvider store={store}>
      <TranscriptOptionsProvider {...options}>
        <Message messageId={messageId} />
      </TranscriptOptionsProvider>
    </TranscriptProvider>
  )
}

export interface LiveMessageFixtureProps extends TranscriptOptionsInput {
  script: ScriptStep[]
  messageId?: string
  restartAfterMs?: number
}

export function LiveMessageFixture({ script, messageId = 'a1', restartAfterMs, ...options }: LiveMessageFixtureProps) {
  const store = useMemo(() => storeWith([]), [])
  useFakeAgent(store, script, restartAfterMs === undefined ? {} : { restartAfterMs })
  return (
    <TranscriptProvider store={store}>
      <TranscriptOptionsProvider {...options}>
        <Message messageId={messageId} />
      </TranscriptOptionsProvider>
    </TranscriptProvider>
  )
}
