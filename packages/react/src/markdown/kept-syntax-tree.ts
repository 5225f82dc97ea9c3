/**
 * The syntax tree of a page of settled rows or items of a streaming table or list while its
 * message streams: when a rewrite changes only words in the page (an edit, a model repainting its
 * answer), the tree the page last rendered from is patched (`rewordedTree`) instead of the page
 * being parsed again; any other change is parsed.
 */
import type { Root } from 'mdast'
import { useRef } from 'react'
import { reportMarkdownWork } from './instrumentation'
import type { DocumentDefinitions } from './link-definitions'
import { parseMarkdown } from './markdown-pipeline'
import type { MarkdownSyntax } from './markdown-syntax'
import { rewordedTree } from './word-rewrite'

export function useKeptSyntaxTree(
  source: string,
  definitions: DocumentDefinitions,
  syntax: MarkdownSyntax | undefined,
  blockKey: number,
): Root {
  // Written during render: a render that is not committed leaves a tree that is still its source's.
  const last = useRef<{ readonly source: string; readonly tree: Root } | undefined>(undefined)
  const previous = last.current
  const reworded =
    previous &&
    (previous.source === source
      ? previous.tree
      : rewordedTree(previous.tree, previous.source, source, {
          // With definitions, a bracketed word may be a label (and the definitions written before the page change).
          bracketsAreText: definitions.list.length === 0,
          plainPunctuation: syntax?.plainTextPunctuation === true,
        }))
  reportMarkdownWork({ kind: 'block-render', chars: source.length, blockKey, parsed: !reworded })
  const tree = reworded ?? parseMarkdown(source, syntax)
  last.current = { source, tree }
  return tree
}
