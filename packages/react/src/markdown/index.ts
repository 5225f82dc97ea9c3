export { StreamingMarkdown, type StreamingMarkdownProps, type CodeHighlighter } from './StreamingMarkdown'
