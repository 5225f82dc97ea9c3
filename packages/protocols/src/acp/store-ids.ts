/**
 * Store ids for protocol ids. ACP ids are unique only within a session, while one transcript
 * store may hold several sessions: an id keeps its wire spelling unless another session (or an
 * earlier message of the same session) already took it.
 */
export class StoreIds {
  private readonly taken = new Set<string>()
  private generated = 0

  constructor(private readonly prefix: string) {}

  /** A fresh store id: `preferred` when free, else a spelling qualified by the session. */
  claim(sessionId: string, preferred?: string): string {
    const base = preferred ?? `${this.prefix}-${++this.generated}`
    let id = base
    if (this.taken.has(id)) id = `${sessionId}/${base}`
    for (let n = 2; this.taken.has(id); n++) id = `${sessionId}/${base}~${n}`
    this.taken.add(id)
    return id
  }
}
