export { type FencedCode, fencedCodeOf } from './fenced-code'
export type { Components as MarkdownComponents, ExtraProps as MarkdownExtraProps } from './markdown-pipeline'
export { type MarkdownSource, useMarkdownSource } from './markdown-source'
export {
  defineMarkdownSyntax,
  gfmSyntax,
  type MarkdownSyntax,
  type MarkdownSyntaxOptions,
  type TailLeaf as MarkdownTailLeaf,
} from './markdown-syntax'
export { isRemoteUrl } from './markdown-url'
export {
  type CodeHighlighter,
  type MarkdownIssue,
  StreamingMarkdown,
  type StreamingMarkdownProps,
} from './StreamingMarkdown'
