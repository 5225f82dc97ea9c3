/** The clean transcript of a final state, as Markdown. Cleared drafts are gone from the state, so never appear here. */
import { getMessage } from './message-table'
import type { Message, Part, ToolCallPart, TranscriptState } from './state'

export interface ToMarkdownOptions {
  /** Include reasoning as block quotes. Default false. */
  reasoning?: boolean
  /** Include one summary line per tool call. Default false. */
  tools?: boolean
  /** Heading per message: role, with the author when there is one. Default true. */
  headings?: boolean
}

const roleNames: Record<Message['role'], string> = { user: 'User', assistant: 'Assistant', system: 'System' }

function toolSummary(part: ToolCallPart): string {
  const name = part.title ?? part.name ?? part.toolCallId
  return `- Tool \`${name}\` (${part.status})${part.error ? `: ${part.error}` : ''}`
}

function partToMarkdown(part: Part, options: ToMarkdownOptions): string | undefined {
  switch (part.kind) {
    case 'text':
      return part.text.trim() === '' ? undefined : part.text.trim()
    case 'reasoning':
      if (!options.reasoning || part.text.trim() === '') return undefined
      return part.text
        .trim()
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')
    case 'tool-call':
      return options.tools ? toolSummary(part) : undefined
    case 'data':
      return `\`\`\`json\n${JSON.stringify(part.data, null, 2)}\n\`\`\``
    case 'file':
      return part.url
        ? `[${part.name ?? part.title ?? part.url}](${part.url})`
        : `(file ${part.name ?? part.mimeType ?? ''})`
    case 'source':
      return part.url ? `[${part.title ?? part.url}](${part.url})` : undefined
    case 'error':
      return `**Error:** ${part.message}`
    default:
      return undefined
  }
}

export function toMarkdown(state: TranscriptState, options: ToMarkdownOptions = {}): string {
  const sections: string[] = []
  for (const id of state.messageIds) {
    const message = getMessage(state, id)
    if (!message) continue
    const body = message.parts.map((part) => partToMarkdown(part, options)).filter((s): s is string => s !== undefined)
    if (body.length === 0) continue
    const heading =
      options.headings === false ? [] : [`## ${roleNames[message.role]}${message.author ? ` (${message.author})` : ''}`]
    sections.push([...heading, ...body].join('\n\n'))
  }
  return sections.length === 0 ? '' : `${sections.join('\n\n')}\n`
}
