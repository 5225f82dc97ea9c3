'use client'
import { StreamingMarkdown } from '@palimpsest/react'
import { createCodeBlock, createShikiHighlighter } from '@palimpsest/react/code'

// Module level, as the README says: the highlighter starts its tokenising worker on first use.
const highlight = createShikiHighlighter({ languages: ['ts'] })
const components = { pre: createCodeBlock() }

export function Code({ text }: { text: string }) {
  return <StreamingMarkdown text={text} highlight={highlight} components={components} />
}
