/** Vite's `?raw` imports: the file's text. */
declare module '*?raw' {
  const source: string
  export default source
}

/** Vite's `?no-inline` imports: the URL the file is served at (never inlined as a data URL). */
declare module '*?no-inline' {
  const url: string
  export default url
}
