export {
  CodeBlock,
  type CodeBlockLabels,
  type CodeBlockOptions,
  createCodeBlock,
  defaultCodeBlockLabels,
} from './CodeBlock'
export {
  createIncrementalTokens,
  type IncrementalTokens,
  type IncrementalTokensOptions,
  type LineTokenizer,
} from './incremental-tokens'
export { createShikiHighlighter, type ShikiHighlighter, type ShikiHighlighterOptions } from './shiki-highlighter'
