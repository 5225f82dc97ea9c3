export {
  type CodeHighlighter,
  type MarkdownIssue,
  StreamingMarkdown,
  type StreamingMarkdownProps,
} from './StreamingMarkdown'
