/** The code-heavy answer of the highlighting probes: the stories' `codeHeavyAnswer` (TypeScript, Python and diff fences) repeated. */
import { codeHeavyAnswer } from '../stories/support/rich-content'

/** The answer repeated (identifiers numbered per copy, so no two fences are the same) up to `chars`. */
export function codeAnswer(prefix: string, chars: number): string {
  const copies: string[] = []
  for (let round = 0, length = 0; length < chars; round++) {
    const copy = codeHeavyAnswer.replaceAll('total', `${prefix}${round}`)
    copies.push(copy)
    length += copy.length + 2
  }
  return copies.join('\n\n')
}

/**
 * The bench page's query for a highlighting variant: on (default, tokenised in a worker), `no-header` (no
 * `createCodeBlock`), `main-thread` (tokenised on the main thread) or `off`.
 */
export function highlightQuery(variant: string | undefined): string {
  if (variant === 'off') return ''
  if (variant === 'no-header' || variant === 'main-thread') return `?highlight&${variant}`
  return '?highlight'
}
