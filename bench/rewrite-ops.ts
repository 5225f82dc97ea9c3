/**
 * What a rewrite step's operations mean for a view: the calls it receives (`push`, `clear`, a whole
 * `replace`) and the text that results. Shared by the page driver and the plan tests.
 */
import type { RewriteOp } from './page-protocol'
import { applySplices } from './text-splices'

export type ViewCall = { push: string } | 'clear' | { replace: string }

export function viewCalls(ops: readonly RewriteOp[], text: string): { calls: ViewCall[]; text: string } {
  const calls: ViewCall[] = []
  for (const op of ops) {
    if (op.kind === 'push') {
      calls.push({ push: op.text })
      text += op.text
    } else if (op.kind === 'clear') {
      calls.push('clear')
      text = ''
    } else if (op.kind === 'replace') {
      text = applySplices(text, op.splices)
      calls.push({ replace: text })
    } else {
      text = text.slice(0, op.keep)
      calls.push('clear', { push: text })
    }
  }
  return { calls, text }
}
