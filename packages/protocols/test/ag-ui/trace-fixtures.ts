/**
 * The events of the recorded AG-UI traces (`src/traces/data/ag-ui-*.json`), typed with
 * `@ag-ui/core`; the trace test checks the files hold exactly these and that AG-UI's own schemas
 * accept every one.
 */
import { type Event as AgUiEvent, EventType } from '@ag-ui/core'
import type { TraceEvent } from '../../src/traces/trace'

const paced = (events: [number, AgUiEvent][]): TraceEvent[] => events.map(([delayMs, wire]) => ({ delayMs, wire }))

const eiffelRun = { threadId: 'thread_eiffel', runId: 'run_eiffel_1' }
const question = 'When was the Eiffel Tower completed, and how tall is it?'
export const eiffelCheckedAnswer =
  'The Eiffel Tower was completed on **31 March 1889**. It stands **330 m** tall including its antennas (300 m as built).'

/**
 * A LangGraph-style agent drafts an answer from memory, fact-checks it with a search tool, and
 * its final MESSAGES_SNAPSHOT carries the corrected message under the same id.
 */
export const snapshotReplacesDraftEvents = paced([
  [
    0,
    {
      type: EventType.RUN_STARTED,
      ...eiffelRun,
      input: {
        ...eiffelRun,
        messages: [{ id: 'msg_user_1', role: 'user', content: question }],
        tools: [],
        context: [],
      },
    },
  ],
  [120, { type: EventType.STEP_STARTED, stepName: 'draft' }],
  [380, { type: EventType.TEXT_MESSAGE_START, messageId: 'msg_ai_1', role: 'assistant' }],
  [60, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'msg_ai_1', delta: 'The Eiffel Tower was ' }],
  [70, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'msg_ai_1', delta: 'completed in 1887 ' }],
  [65, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'msg_ai_1', delta: 'and is 300 m tall.' }],
  [20, { type: EventType.TEXT_MESSAGE_END, messageId: 'msg_ai_1' }],
  [10, { type: EventType.STEP_FINISHED, stepName: 'draft' }],
  [15, { type: EventType.STEP_STARTED, stepName: 'fact_check' }],
  [
    240,
    {
      type: EventType.TOOL_CALL_START,
      toolCallId: 'call_search_1',
      toolCallName: 'web_search',
      parentMessageId: 'msg_ai_1',
    },
  ],
  [50, { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call_search_1', delta: '{"query":"Eiffel Tower' }],
  [45, { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call_search_1', delta: ' completion date height"}' }],
  [10, { type: EventType.TOOL_CALL_END, toolCallId: 'call_search_1' }],
  [
    900,
    {
      type: EventType.TOOL_CALL_RESULT,
      messageId: 'msg_tool_1',
      toolCallId: 'call_search_1',
      role: 'tool',
      content: 'Completed 31 March 1889. Height: 330 m including antennas; 300 m as built.',
    },
  ],
  [620, { type: EventType.STEP_FINISHED, stepName: 'fact_check' }],
  [
    30,
    {
      type: EventType.MESSAGES_SNAPSHOT,
      messages: [
        { id: 'msg_user_1', role: 'user', content: question },
        {
          id: 'msg_ai_1',
          role: 'assistant',
          content: eiffelCheckedAnswer,
          toolCalls: [
            {
              id: 'call_search_1',
              type: 'function',
              function: { name: 'web_search', arguments: '{"query":"Eiffel Tower completion date height"}' },
            },
          ],
        },
        {
          id: 'msg_tool_1',
          role: 'tool',
          toolCallId: 'call_search_1',
          content: 'Completed 31 March 1889. Height: 330 m including antennas; 300 m as built.',
        },
      ],
    },
  ],
  [
    20,
    {
      type: EventType.RUN_FINISHED,
      ...eiffelRun,
      outcome: { type: 'success' },
      usage: [{ provider: 'openai', model: 'gpt-4.1', inputTokens: 412, outputTokens: 96, totalTokens: 508 }],
    },
  ],
])

const researchRun = { threadId: 'thread_research', runId: 'run_research_1' }

/**
 * A research agent that streams with the `*_CHUNK` shortcuts (reasoning, text and a tool call),
 * keeps its source list in agent state (snapshot + JSON Patch) and its progress in an activity.
 */
export const chunkedResearchEvents = paced([
  [0, { type: EventType.RUN_STARTED, ...researchRun }],
  [40, { type: EventType.STATE_SNAPSHOT, snapshot: { sources: [], phase: 'planning' } }],
  [300, { type: EventType.REASONING_MESSAGE_CHUNK, messageId: 'rsn_1', delta: 'The user wants the HTTP/3 ' }],
  [60, { type: EventType.REASONING_MESSAGE_CHUNK, delta: 'adoption figure; the ' }],
  [55, { type: EventType.REASONING_MESSAGE_CHUNK, delta: 'Web Almanac has it.' }],
  [200, { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'msg_1', role: 'assistant', delta: 'Reading the ' }],
  [50, { type: EventType.TEXT_MESSAGE_CHUNK, delta: 'HTTP Archive Web Almanac.' }],
  [
    120,
    {
      type: EventType.TOOL_CALL_CHUNK,
      toolCallId: 'call_fetch_1',
      toolCallName: 'fetch_page',
      parentMessageId: 'msg_1',
      delta: '{"url":"https://almanac',
    },
  ],
  [40, { type: EventType.TOOL_CALL_CHUNK, delta: '.httparchive.org/en/2024/http"}' }],
  [
    60,
    {
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId: 'activity_1',
      activityType: 'PROGRESS',
      content: { step: 'Fetching page', done: 1, total: 2 },
    },
  ],
  [
    1100,
    {
      type: EventType.TOOL_CALL_RESULT,
      messageId: 'msg_tool_1',
      toolCallId: 'call_fetch_1',
      content: 'HTTP/3 is used by 30% of mobile home pages (2024).',
    },
  ],
  [
    30,
    {
      type: EventType.STATE_DELTA,
      delta: [
        { op: 'add', path: '/sources/-', value: 'https://almanac.httparchive.org/en/2024/http' },
        { op: 'replace', path: '/phase', value: 'writing' },
      ],
    },
  ],
  [
    20,
    {
      type: EventType.ACTIVITY_DELTA,
      messageId: 'activity_1',
      activityType: 'PROGRESS',
      patch: [
        { op: 'replace', path: '/step', value: 'Writing answer' },
        { op: 'replace', path: '/done', value: 2 },
      ],
    },
  ],
  [250, { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'msg_2', role: 'assistant', delta: 'About **30%** ' }],
  [60, { type: EventType.TEXT_MESSAGE_CHUNK, delta: 'of mobile home pages used HTTP/3 in 2024.' }],
  [
    30,
    {
      type: EventType.RUN_FINISHED,
      ...researchRun,
      usage: [{ inputTokens: 1830, outputTokens: 142, reasoningTokens: 38 }],
    },
  ],
])
