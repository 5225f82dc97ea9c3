/**
 * Deterministic work counters for tests and benchmarks: how many characters the block splitter
 * parsed and how many characters of markdown were handed to react-markdown for rendering. Timing is
 * noisy; these counts prove that the work per chunk does not grow with the message length.
 */

export type MarkdownWork =
  | { kind: 'split-parse'; chars: number }
  | {
      kind: 'block-render'
      chars: number
      /** The block's key: its position in the message unless a rewrite or a merged tail block moved it. */
      blockKey: number
      /** False: rendered from the splitter's tree. */
      parsed?: boolean
    }
  /** A block of a document with footnotes parsed with their stub definitions (`footnotes.ts`). */
  | { kind: 'footnote-parse'; chars: number }
  /** Characters of the old text a rewrite's word scan read (`wordChanges`), up to where it stopped. */
  | { kind: 'word-scan'; chars: number }
  /**
   * A block that keeps its HTML tree got its next one: by patching the last one, or by a conversion
   * (of the whole block, or of a quote's children but the first `kept`, whose HTML it kept).
   */
  | { kind: 'html-tree'; patched: boolean; kept?: number }

type WorkListener = (work: MarkdownWork) => void

let listener: WorkListener | undefined

/** Install (or remove, with `undefined`) the single work listener. Not part of the public API. */
export function setMarkdownWorkListener(next: WorkListener | undefined): void {
  listener = next
}

export function reportMarkdownWork(work: MarkdownWork): void {
  listener?.(work)
}
