/**
 * The syntax tree of a page of settled rows or items of a streaming table or list while its
 * message streams: when a rewrite changes only words in the page (an edit, a model repainting its
 * answer), the tree the page last rendered from is patched (`rewordedTree`) instead of the page
 * being parsed again; when the page only grew and `grown` can extend its tree (a table's rows
 * settling into its last page), only what was added is parsed; any other change is parsed.
 */
import type { Root } from 'mdast'
import { useRef } from 'react'
import { reportMarkdownWork } from './instrumentation'
import type { DocumentDefinitions } from './link-definitions'
import { parseMarkdown } from './markdown-pipeline'
import type { MarkdownSyntax } from './markdown-syntax'
import { rewordedTree } from './word-rewrite'

/** A page's source and the tree it rendered from. */
export interface KeptSyntaxTree {
  readonly source: string
  readonly tree: Root
}

/**
 * The tree of `source`, which extends the kept page's source, built from the kept tree and a parse
 * of the added text alone (`parsedChars` long); undefined when the addition cannot be taken so.
 */
export type GrownSyntaxTree = (kept: KeptSyntaxTree, source: string) => { tree: Root; parsedChars: number } | undefined

export function useKeptSyntaxTree(
  source: string,
  definitions: DocumentDefinitions,
  syntax: MarkdownSyntax | undefined,
  blockKey: number,
  grown?: GrownSyntaxTree,
): Root {
  // Written during render: a render that is not committed leaves a tree that is still its source's.
  // The one before it too: a retracted branch (a row or an item that settled with it) leaves the page as it was.
  const kept = useRef<{ last?: KeptSyntaxTree; before?: KeptSyntaxTree }>({}).current
  const { last, before } = kept
  const tree =
    before?.source === source ? before.tree : last && keptTree(last, source, definitions, syntax, blockKey, grown)
  if (!tree) reportMarkdownWork({ kind: 'block-render', chars: source.length, blockKey, parsed: true })
  else if (tree === before?.tree)
    reportMarkdownWork({ kind: 'block-render', chars: source.length, blockKey, parsed: false })
  const next = tree ?? parseMarkdown(source, syntax)
  if (last?.source !== source) {
    kept.before = last
    kept.last = { source, tree: next }
  }
  return next
}

/** The tree of `source` from the kept one (the same, patched or grown), reporting its work; undefined when it must be parsed. */
function keptTree(
  previous: KeptSyntaxTree,
  source: string,
  definitions: DocumentDefinitions,
  syntax: MarkdownSyntax | undefined,
  blockKey: number,
  grown: GrownSyntaxTree | undefined,
): Root | undefined {
  const grew = grown && source.length > previous.source.length ? grown(previous, source) : undefined
  if (grew) {
    reportMarkdownWork({ kind: 'block-render', chars: grew.parsedChars, blockKey, parsed: true })
    return grew.tree
  }
  const reworded =
    previous.source === source
      ? previous.tree
      : rewordedTree(previous.tree, previous.source, source, {
          // With definitions, a bracketed word may be a label (and the definitions written before the page change).
          bracketsAreText: definitions.list.length === 0,
          plainPunctuation: syntax?.plainTextPunctuation === true,
        })
  if (reworded) reportMarkdownWork({ kind: 'block-render', chars: source.length, blockKey, parsed: false })
  return reworded
}
