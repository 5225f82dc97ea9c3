/**
 * A syntax set: the markdown every block is parsed and rendered with. The default is CommonMark with
 * GFM; an opt-in subpath (`@palimpsest/react/math`) adds syntax by defining its own set, which
 * `StreamingMarkdown` takes as its `syntax` prop. The splitter and the renderer both parse with the
 * set's processor, so block boundaries never disagree with the render. Each set builds its processor
 * once; the main entry never imports an extension's code.
 */
import type { Root as HastRoot } from 'hast'
import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { urlAttributes } from 'html-url-attributes'
import type { Root as MdastRoot } from 'mdast'
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote'
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item'
import { gfm } from 'micromark-extension-gfm'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { type PluggableList, type Processor, unified } from 'unified'
import type { DefinedLabels, LabelsDefinedElsewhere } from './defined-labels'
import { footnoteHandlers } from './footnote-numbering'
import { type HtmlTreeRenderer, renderDefaultHtmlTree } from './html-tree-to-react'
import { literalAutolinksFromMarkdown } from './literal-autolinks'
import { markdownToSyntaxTree, markdownToSyntaxTreeDefining } from './markdown-to-syntax-tree'
import { syntaxTreeToHtmlTree } from './syntax-tree-to-html-tree'

/** The innermost block containing the end of the text: where an unfinished tail can be repaired. */
export interface TailLeaf {
  type: string
  /** Offset of the leaf's first character in the parsed text. */
  start: number
  /** Fence character when the leaf is a fenced code block. */
  fence?: '`' | '~'
}

export interface MarkdownSyntaxOptions {
  /** Names the set in messages and tests. */
  readonly name: string
  /** remark plugins run after remark-parse and GFM: what they add to the parser is what every block is split and parsed with. */
  readonly remarkPlugins?: PluggableList
  /** rehype plugins run after remark-rehype, before the URL policy (as react-markdown's `rehypePlugins`). */
  readonly rehypePlugins?: PluggableList
  /**
   * A line (after its quote and list markers) matching this may start a block construct of this
   * syntax: the splitter never assumes such a line only continues a paragraph or starts one.
   */
  readonly blockStart?: RegExp
  /**
   * Leaf node types that, like fenced code, run until a closing fence: inside a list item or quote
   * such a node shares a block with what follows it (where it ends depends on the next line).
   */
  readonly fencedTypes?: readonly string[]
  /**
   * While streaming: repairs the last block when its innermost leaf is one of this syntax's nodes
   * (e.g. shows an unclosed display formula as its TeX). Returns undefined to leave it to the
   * default repair.
   */
  readonly repairBlock?: (block: string, leaf: TailLeaf) => string | undefined
  /**
   * While streaming: repairs the text of the last paragraph or heading, calling the default inline
   * repair (closing open emphasis, hiding half links, …) on what it keeps (e.g. hides an inline
   * formula until it closes, and keeps TeX out of the inline repair).
   */
  readonly repairText?: (text: string, repairInline: (text: string) => string) => string
  /**
   * No plugin of this syntax gives spaces or the punctuation `[](),.;:?'"` a meaning in text that
   * GFM does not (true of GFM itself and of `@palimpsest/react/math`). A rewrite that inserts or
   * removes them in the middle of a line (a citation marker ` [1]`) then patches the changed
   * blocks' trees instead of parsing them. Leave it unset for plugins that read brackets or
   * parentheses in text (wiki links, citation keys).
   */
  readonly plainTextPunctuation?: boolean
}

/** Properties that hold a URL, with the elements they do on (`null`: every element), as `html-url-attributes` lists them. */
export type UrlAttributes = Readonly<Record<string, readonly string[] | null>>

export interface MarkdownSyntax extends Omit<MarkdownSyntaxOptions, 'remarkPlugins' | 'rehypePlugins'> {
  /** The mdast of a source. */
  parse(source: string): MdastRoot
  /** The hast of an mdast (the tree is consumed). */
  toHtmlTree(tree: MdastRoot): HastRoot
  /** Every URL attribute the hast this set makes may hold: each goes through the URL policy. */
  urlAttributes: UrlAttributes
  /** React elements for a hast this set made. */
  renderHtmlTree: HtmlTreeRenderer
}

/**
 * remark-gfm's parser half: the same micromark and mdast extensions, so every tree is the one
 * remark-gfm parses. remark-gfm also registers GFM's serialiser (`mdast-util-to-markdown` and
 * `markdown-table`, ~6 KB gzip), which nothing here runs: blocks are parsed and rendered, never
 * written back to markdown. `literalAutolinks: false` leaves out the search for literal autolinks
 * (see `mayHoldLiteralAutolink`).
 */
function remarkGfmParse(this: Processor, { literalAutolinks }: { literalAutolinks: boolean }): undefined {
  const data = this.data()
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), gfm()]
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), gfmTreeExtensions(literalAutolinks)]
}

/**
 * GFM's mdast extensions (`mdast-util-gfm`'s, with its literal autolinks written here:
 * `literal-autolinks.ts`); without `literalAutolinks`, without the tree transform that searches every
 * text node for `www.`, `http(s)://` and e-mail addresses to link them (about a sixth of a block's
 * parse, and nothing to find in most blocks).
 */
function gfmTreeExtensions(literalAutolinks: boolean) {
  return [
    literalAutolinksFromMarkdown(literalAutolinks),
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  ]
}

/**
 * Whether a source may hold a literal autolink: GFM links `www.`, `http://`, `https://` and
 * addresses with `@` found in text, and text holds only the source's characters, what a backslash
 * escapes (`\`) and what a character reference (`&`) decodes to. A source with none of these has
 * no literal autolink, so its parse can leave out the search for them and still build the same tree.
 */
const mayHoldLiteralAutolink = /[@&\\]|:\/\/|www\./i

/** A syntax set; its processor is built here, once. Define it once (at module level), not per render. */
export function defineMarkdownSyntax(options: MarkdownSyntaxOptions): MarkdownSyntax {
  const processor = (literalAutolinks: boolean) =>
    unified()
      .use(remarkParse)
      .use(remarkGfmParse, { literalAutolinks })
      .use(options.remarkPlugins ?? [])
      .use(remarkRehype, { allowDangerousHtml: true, handlers: footnoteHandlers })
      .use(options.rehypePlugins ?? [])
      .freeze()
  const withLiteralAutolinks = processor(true)
  const withoutLiteralAutolinks = processor(false)
  return {
    ...options,
    parse: (source) =>
      (mayHoldLiteralAutolink.test(source) ? withLiteralAutolinks : withoutLiteralAutolinks).parse(source),
    toHtmlTree: (tree) => withLiteralAutolinks.runSync(tree) as HastRoot,
    // Rehype plugins may write any element: every URL attribute of HTML.
    urlAttributes,
    renderHtmlTree: renderWithJsxRuntime,
  }
}

/** react-markdown's renderer: rehype plugins may write any HTML or SVG, which it maps with its property tables. */
const renderWithJsxRuntime: HtmlTreeRenderer = (tree, { components, passNode }) =>
  toJsxRuntime(tree, {
    Fragment,
    components: components as Parameters<typeof toJsxRuntime>[1]['components'],
    ignoreInvalidStyle: true,
    jsx,
    jsxs,
    passKeys: true,
    passNode,
  })

/**
 * The URL attributes of the default set's trees: its conversion writes a URL only as a link's `href`
 * and an image's `src` (raw HTML stays text), and the transforms in this folder write none. So a
 * page that defines no set of its own needs no table of every URL attribute of HTML.
 */
const gfmUrlAttributes: UrlAttributes = { href: ['a'], src: ['img'] }

/** CommonMark with GFM: what react-markdown renders with `remarkPlugins={[remarkGfm]}`. */
export const gfmSyntax: MarkdownSyntax = gfmWithoutProcessor()

/**
 * The default set without a unified processor: micromark's events compiled here
 * (`markdown-to-syntax-tree.ts`) and remark-rehype's conversion written for these trees
 * (`syntax-tree-to-html-tree.ts`), so the trees are the ones `defineMarkdownSyntax({ name: 'gfm' })`
 * builds. A page that defines no syntax of its own then carries no unified, vfile, trough,
 * mdast-util-from-markdown or mdast-util-to-hast.
 */
function gfmWithoutProcessor(): MarkdownSyntax {
  return {
    name: 'gfm',
    plainTextPunctuation: true,
    parse: (source) => markdownToSyntaxTree(source, mayHoldLiteralAutolink.test(source)),
    toHtmlTree: (tree) => syntaxTreeToHtmlTree(tree),
    urlAttributes: gfmUrlAttributes,
    renderHtmlTree: renderDefaultHtmlTree,
  }
}

/** Whether a part of a document can be parsed with this set as it parses in the whole (any set but the default cannot). */
export function parsesWithDefinitions(syntax: MarkdownSyntax): boolean {
  return syntax === gfmSyntax
}

/**
 * The parse of `source` as a part of a document whose other parts define the labels `elsewhere`
 * (see `markdownToSyntaxTreeDefining`); undefined for a set that cannot be told them.
 */
export function parseWithDefinitions(
  syntax: MarkdownSyntax,
  source: string,
  elsewhere: LabelsDefinedElsewhere,
): { tree: MdastRoot; defined: DefinedLabels } | undefined {
  if (!parsesWithDefinitions(syntax)) return undefined
  return markdownToSyntaxTreeDefining(source, mayHoldLiteralAutolink.test(source), elsewhere)
}
