/** Vite's `?raw` imports: the file's text. */
declare module '*?raw' {
  const source: string
  export default source
}
