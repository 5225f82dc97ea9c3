/** Rendering options shared by every component under a `Transcript` (or an explicit `TranscriptOptionsProvider`). */
import type { ApprovalRequestPart, Issue } from '@palimpsest/core'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { CodeHighlighter } from '../markdown'
import type { Components as MarkdownComponents } from '../markdown/markdown-pipeline'
import type { MarkdownSyntax } from '../markdown/markdown-syntax'
import type { TranscriptComponents } from '../message/components-map'
import { defaultLabels, type Labels } from './labels'

/** When a panel is open while the user has not toggled it: always, never, or only while its part streams. */
export type PanelDefault = boolean | 'while-streaming'

export interface PanelDefaults {
  reasoning: PanelDefault
  'tool-call': PanelDefault
  plan: PanelDefault
}

export interface TranscriptOptions {
  components: TranscriptComponents
  /** react-markdown element overrides for text and reasoning. */
  markdownComponents?: MarkdownComponents
  highlight?: CodeHighlighter
  /** The markdown syntax for text and reasoning (GFM by default; e.g. `mathSyntax` from `@palimpsest/react/math`). */
  markdownSyntax?: MarkdownSyntax
  /** Never load remote images (markdown, file parts, tool output); show a link instead. */
  blockRemoteImages: boolean
  /** How long a cleared text stays on screen, marked `data-state="replacing"`, while its new text has not arrived (ms). */
  holdMs: number
  /**
   * Show rewrites as revisions: the words a clear, replacement or edit changed are marked for a
   * moment (`data-revised`) and "Answer revised" is announced once per burst of rewrites.
   */
  markRevisions: boolean
  /** While a text streams, its new words fade in (not under `prefers-reduced-motion`); settled text is plain markdown. */
  fadeIn: boolean
  /** While a text streams, a caret follows its last word (hidden under `prefers-reduced-motion`). */
  caret: boolean
  /** Each top-level markdown block gets `dir="auto"`, so right-to-left paragraphs read right to left. */
  autoDirection: boolean
  panels: PanelDefaults
  labels: Labels
  /**
   * The user chose an option of an approval request. Apply the answer yourself, e.g.
   * `store.getState().apply({ type: 'approval-response', requestId, approved: true, optionId })`,
   * and send it to the agent.
   */
  onApprove?: (request: ApprovalRequestPart, optionId?: string) => void
  onDeny?: (request: ApprovalRequestPart, optionId?: string) => void
  /** Content the components could not render safely (unknown part kinds, unsafe URLs, unprintable data). */
  onIssue?: (issue: Issue) => void
}

export const defaultPanels: PanelDefaults = { reasoning: 'while-streaming', 'tool-call': false, plan: true }
export const defaultHoldMs = 400

const defaults: TranscriptOptions = {
  components: {},
  blockRemoteImages: false,
  holdMs: defaultHoldMs,
  markRevisions: false,
  fadeIn: false,
  caret: false,
  autoDirection: false,
  panels: defaultPanels,
  labels: defaultLabels,
}

const OptionsContext = createContext<TranscriptOptions>(defaults)

export function useTranscriptOptions(): TranscriptOptions {
  return useContext(OptionsContext)
}

export interface TranscriptOptionsInput extends Partial<Omit<TranscriptOptions, 'panels' | 'labels'>> {
  panels?: Partial<PanelDefaults>
  labels?: Partial<Labels>
}

/**
 * Every option, listed once: the type makes this record name each key of `TranscriptOptionsInput`,
 * so a new option cannot be forgotten by `splitTranscriptOptions` or the memo of the resolved value.
 */
const optionNameRecord: { [Name in keyof Required<TranscriptOptionsInput>]: true } = {
  components: true,
  markdownComponents: true,
  highlight: true,
  blockRemoteImages: true,
  holdMs: true,
  markRevisions: true,
  markdownSyntax: true,
  fadeIn: true,
  caret: true,
  autoDirection: true,
  panels: true,
  labels: true,
  onApprove: true,
  onDeny: true,
  onIssue: true,
}

/** The names of the transcript options, in one list. */
export const transcriptOptionNames = Object.keys(optionNameRecord) as (keyof TranscriptOptionsInput)[]

const optionNames: ReadonlySet<string> = new Set(transcriptOptionNames)

/** Splits a component's props into the transcript options and everything else (for its own use or its element). */
export function splitTranscriptOptions<Props extends TranscriptOptionsInput>(
  props: Props,
): [TranscriptOptionsInput, Omit<Props, keyof TranscriptOptionsInput>] {
  const options: Record<string, unknown> = {}
  const rest: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(props)) {
    if (optionNames.has(name)) options[name] = value
    else rest[name] = value
  }
  return [options as TranscriptOptionsInput, rest as Omit<Props, keyof TranscriptOptionsInput>]
}

/** Provides options to every message below. `Transcript` renders one for you. */
export function TranscriptOptionsProvider({ children, ...input }: TranscriptOptionsInput & { children?: ReactNode }) {
  const value = useResolvedOptions(input)
  return <OptionsContext.Provider value={value}>{children}</OptionsContext.Provider>
}

function resolveOptions(input: TranscriptOptionsInput): TranscriptOptions {
  const { markdownComponents, markdownSyntax, highlight, holdMs, onApprove, onDeny, onIssue } = input
  return {
    components: input.components ?? {},
    ...(markdownComponents && { markdownComponents }),
    ...(highlight && { highlight }),
    ...(markdownSyntax && { markdownSyntax }),
    blockRemoteImages: input.blockRemoteImages ?? false,
    holdMs: holdMs !== undefined && Number.isFinite(holdMs) && holdMs >= 0 ? holdMs : defaultHoldMs,
    markRevisions: input.markRevisions ?? false,
    fadeIn: input.fadeIn ?? false,
    caret: input.caret ?? false,
    autoDirection: input.autoDirection ?? false,
    panels: { ...defaultPanels, ...input.panels },
    labels: { ...defaultLabels, ...input.labels },
    ...(onApprove && { onApprove }),
    ...(onDeny && { onDeny }),
    ...(onIssue && { onIssue }),
  }
}

/** The resolved options, a new object only when one of the options changed. */
function useResolvedOptions(input: TranscriptOptionsInput): TranscriptOptions {
  // The dependencies are every option, always in the order of transcriptOptionNames.
  return useMemo(
    () => resolveOptions(input),
    transcriptOptionNames.map((name) => input[name]),
  )
}

export function resolvePanelDefault(setting: PanelDefault, streaming: boolean): boolean {
  return setting === 'while-streaming' ? streaming : setting
}
