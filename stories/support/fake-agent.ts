/**
 * A timer-driven fake agent: plays a script of updates into a store, one step per tick, as a
 * live stream would (frame-batched, never flushed by hand). Used by the live stories and the
 * dashboard; no network, no server.
 */
import type { AgentUpdate, TranscriptStore } from '@palimpsest/core'
import { useEffect, useState } from 'react'

/** One step of a script: updates sent together, after a pause. */
export interface ScriptStep {
  delayMs: number
  updates: AgentUpdate[]
}

export interface FakeAgentOptions {
  /** Start over (from an empty transcript) this long after the script ends; never when undefined. */
  restartAfterMs?: number
}

/** Starts playing `script` into `store`; returns a function that stops it. */
export function playScript(store: TranscriptStore, script: readonly ScriptStep[], options: FakeAgentOptions = {}) {
  let index = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const tick = () => {
    const step = script[index]
    if (!step) {
      if (options.restartAfterMs === undefined) return
      timer = setTimeout(() => {
        store.getState().reset()
        index = 0
        tick()
      }, options.restartAfterMs)
      return
    }
    timer = setTimeout(() => {
      store.getState().apply(step.updates)
      index += 1
      tick()
    }, step.delayMs)
  }
  tick()
  return () => clearTimeout(timer)
}

/** Plays the script while the component is mounted; `run` changes restart it from the beginning. */
export function useFakeAgent(
  store: TranscriptStore,
  script: readonly ScriptStep[],
  options: FakeAgentOptions = {},
): { restart: () => void } {
  const [run, setRun] = useState(0)
  const { restartAfterMs } = options
  // `run` is the restart signal.
  useEffect(() => {
    store.getState().reset()
    return playScript(store, script, restartAfterMs === undefined ? {} : { restartAfterMs })
  }, [store, script, restartAfterMs, run])
  return { restart: () => setRun((n) => n + 1) }
}

/** Splits text into small chunks (words with their spacing), as models stream it. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? []
}

/** Script steps streaming `text` into a message's answer, `everyMs` apart. */
export function streamText(messageId: string, text: string, everyMs: number): ScriptStep[] {
  return tokenize(text).map((chunk) => ({ delayMs: everyMs, updates: [{ type: 'chunk', messageId, text: chunk }] }))
}

/** Script steps streaming `text` into a message's reasoning. */
export function streamThought(messageId: string, text: string, everyMs: number): ScriptStep[] {
  return tokenize(text).map((chunk) => ({ delayMs: everyMs, updates: [{ type: 'thought', messageId, text: chunk }] }))
}
