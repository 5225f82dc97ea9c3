/**
 * Whether the fenced code `code` has been closed in the markdown `text` received so far: some
 * occurrence of it is followed by a line ending and a closing fence (three or more backticks or
 * tildes, up to three spaces of indentation) whose line has ended, or that ends a finished text.
 * A fence inside a list or quote (its lines carry markers) is only known closed once `streaming`
 * is false.
 */
export function isFenceClosed(code: string, text: string, streaming: boolean): boolean {
  if (!streaming) return true
  // An empty diagram has nothing to draw yet (and an empty string occurs everywhere).
  if (code === '') return false
  const closing = /^\r?\n {0,3}(`{3,}|~{3,})[ \t]*\r?\n/
  for (let at = text.indexOf(code); at !== -1; at = text.indexOf(code, at + 1)) {
    if (closing.test(text.slice(at + code.length, at + code.length + 80))) return true
  }
  return false
}
