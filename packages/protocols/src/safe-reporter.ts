import type { IssueHandler } from '@palimpsest/core'

/** A handler that calls `onIssue` and never lets it throw into a decoder or a transport. */
export function safeReporter(onIssue: IssueHandler | undefined): IssueHandler {
  return (issue) => {
    try {
      onIssue?.(issue)
    } catch {
      // A throwing onIssue must not break decoding.
    }
  }
}
