/**
 * A consumer's handler composed with a part's own: the consumer's runs first, and calling
 * `event.preventDefault()` in it skips the part's (e.g. a trigger that should not toggle).
 */
export function composeEventHandlers<E extends { defaultPrevented: boolean }>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
): (event: E) => void {
  return (event) => {
    theirs?.(event)
    if (!event.defaultPrevented) ours(event)
  }
}
