/** The one interface every benchmarked renderer implements inside its page. */

export interface MountOptions {
  /**
   * `'manual'`: pushes only queue text, `commit()` renders synchronously (timed streams).
   * `'natural'`: the renderer's own default schedule (Palimpsest's frame-batched store, React's
   * automatic batching, a direct DOM append) — used where many streams run at once.
   */
  schedule: 'manual' | 'natural'
}

export interface MessageView {
  push(chunk: string): void
  /** The producer cleared the message; text pushed afterwards starts from empty. */
  clear(): void
  /** The producer replaced the whole text (a `full`). */
  replace(text: string): void
  /** Render everything pushed so far, synchronously. */
  commit(): void
  /** The stream ended: render the final (non-streaming) state, synchronously. */
  finish(): void
  /** The element whose text content is the rendered message (not headers or chrome). */
  textRoot(): Element | null
  /** The markup of `textRoot()`: what a rewritten message and a fresh render of its final text must share. */
  markup(): string
  /**
   * Renderers that promise whole-text react-markdown's output (Palimpsest): the markdown's markup
   * with the renderer's own wrappers removed, comparable with `Renderer.reactMarkdownMarkup`.
   */
  flatMarkup?(): string
  unmount(): void
}

export interface Renderer {
  name: string
  mount(host: HTMLElement, options: MountOptions): MessageView
  /** A finished transcript of many messages in `host` (the memory scenario). */
  mountMany(host: HTMLElement, texts: readonly string[]): () => void
  /** With `MessageView.flatMarkup`: whole-text react-markdown's markup for `text`, rendered in `host`. */
  reactMarkdownMarkup?(host: HTMLElement, text: string): string
  /**
   * The history scenario: `settled` finished messages, then one message streaming below them, as a
   * chat with a long history renders it; pushes go to the streaming message (`'manual'` schedule).
   * Only the renderers compared there implement it.
   */
  mountBelowHistory?(host: HTMLElement, settled: readonly string[]): MessageView
}
