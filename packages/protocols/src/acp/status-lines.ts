/**
 * ACP updates shown as status lines, not as messages: `notice` (live information for the user,
 * not history) and context compactions (`compaction_update`, `compaction_summary_chunk`), one
 * line per compaction that follows its progress where it first appeared.
 */
import { type AgentUpdate, type StatusUpdate, statusLevels } from '@palimpsest/core'
import type { DecoderKit } from '../decoding/decoder-kit'
import type { WireObject } from '../decoding/wire-object'
import { readContentBlock } from './content'
import { readString } from './fields'

const noticeLevels = new Set<unknown>(statusLevels)

const compactionText: Record<string, string> = {
  in_progress: 'Compacting the conversation…',
  completed: 'Conversation compacted',
  failed: 'Compaction failed',
  cancelled: 'Compaction cancelled',
}

interface Compaction {
  /** The message it was first shown in: the first notification fixes its timeline position. */
  messageId?: string
  status: string
  summary: string
  error?: string
}

function textOf(blocks: unknown[]): string {
  let text = ''
  for (const block of blocks) {
    const reading = readContentBlock(block)
    if (reading.type === 'text') text += reading.text
  }
  return text
}

/** The status lines of one session. */
export class SessionStatusLines {
  private notices = 0
  private readonly compactions = new Map<string, Compaction>()

  constructor(
    private readonly sessionId: string,
    private readonly issue: DecoderKit['issue'],
    /** Names this decoder's notices apart from another decoder's notices of the same session. */
    private readonly noticePrefix: string,
  ) {}

  /** Decodes a `notice`, `compaction_update` or `compaction_summary_chunk` shown in `messageId` (or the latest message). */
  decode(update: WireObject, messageId: string | undefined): AgentUpdate[] {
    return update.sessionUpdate === 'notice' ? this.notice(update, messageId) : this.compaction(update, messageId)
  }

  private malformed(update: WireObject, problem: string): AgentUpdate[] {
    this.issue('malformed-update', `${update.sessionUpdate} dropped: ${problem}`, update)
    return []
  }

  private notice(update: WireObject, messageId: string | undefined): AgentUpdate[] {
    const title = readString(update, 'title')
    if (title === undefined) return this.malformed(update, '"title" must be a non-empty string')
    const description = readString(update, 'description')
    const severity = update.severity as string
    const line: StatusUpdate = {
      type: 'status',
      statusId: `${this.noticePrefix}-${this.sessionId}-${++this.notices}`,
      text: description === undefined ? title : `${title}: ${description}`,
      level: noticeLevels.has(severity) ? (severity as StatusUpdate['level']) : 'info',
    }
    if (messageId !== undefined) line.messageId = messageId
    return [line]
  }

  private compaction(update: WireObject, messageId: string | undefined): AgentUpdate[] {
    const compactionId = readString(update, 'compactionId')
    if (compactionId === undefined) return this.malformed(update, '"compactionId" must be a non-empty string')
    let compaction = this.compactions.get(compactionId)
    if (!compaction) {
      compaction = { status: 'in_progress', summary: '' }
      if (messageId !== undefined) compaction.messageId = messageId
      this.compactions.set(compactionId, compaction)
    }
    if (update.sessionUpdate === 'compaction_summary_chunk') {
      const reading = readContentBlock(update.content)
      if (reading.type === 'text') compaction.summary += reading.text
    } else {
      if (typeof update.status === 'string') compaction.status = update.status
      // `summary` and `error` patch: omitted keeps, null clears, a value replaces.
      if (Array.isArray(update.summary)) compaction.summary = textOf(update.summary)
      else if (update.summary === null) compaction.summary = ''
      if (typeof update.error === 'string') compaction.error = update.error
      else if (update.error === null) delete compaction.error
    }
    const line: StatusUpdate = {
      type: 'status',
      statusId: `compaction-${this.sessionId}-${compactionId}`,
      text: `${compactionText[compaction.status] ?? `Compaction ${compaction.status}`}${compaction.error ? `: ${compaction.error}` : ''}`,
      level: compaction.status === 'failed' ? 'error' : 'info',
    }
    if (compaction.summary !== '') line.data = { summary: compaction.summary }
    if (compaction.messageId !== undefined) line.messageId = compaction.messageId
    return [line]
  }
}
