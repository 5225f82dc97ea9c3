/**
 * Motion while a block streams (`fadeIn`, `caret`): hast transforms applied to the unsettled blocks
 * only, so a settled block renders plain markdown and a finished message's DOM is react-markdown's.
 *
 * - Every word of a streaming block is wrapped in `<span data-palimpsest-fade>`; the stylesheet
 *   fades a span in when it is inserted. The spans are keyed by position (`span-0`, `span-1`, … as
 *   hast-util-to-jsx-runtime keys siblings), and a growing block only adds words after the ones it
 *   had, so React keeps the existing spans and only the new words' spans are inserted and animate.
 * - The caret is one empty `<span data-palimpsest-caret aria-hidden="true">` right after the last
 *   text: it has no text, so copying a selection is unchanged.
 *
 * Code (`pre`, `code`) and rendered math or graphics are atoms: their words are not wrapped (an
 * override reading a code element's text, a highlighter or KaTeX's markup must see it unchanged),
 * and a caret that would land inside one goes right after it.
 */
import type { Element, ElementContent, Root } from 'hast'
import type { HtmlTreeTransform } from './markdown-pipeline'

type Parent = Root | Element

/** Elements whose content is not prose: never wrapped, and the caret goes after them, never inside. */
const atomTags = new Set(['pre', 'code', 'math', 'svg', 'script', 'style', 'textarea', 'img', 'input', 'hr', 'br'])

function isAtom(element: Element): boolean {
  if (atomTags.has(element.tagName)) return true
  const className = element.properties.className
  return Array.isArray(className) && className.some((name) => String(name).startsWith('katex'))
}

const whitespace = /(\s+)/
const spaceOnly = /^\s*$/

/** Wraps each word of the tree's text (outside atoms) in `<span data-palimpsest-fade>`. */
export function wrapWords(parent: Parent): void {
  const children: ElementContent[] = []
  let changed = false
  for (const child of parent.children as ElementContent[]) {
    if (child.type === 'element') {
      if (!isAtom(child)) wrapWords(child)
      children.push(child)
      continue
    }
    if (child.type !== 'text' || spaceOnly.test(child.value)) {
      children.push(child)
      continue
    }
    changed = true
    for (const token of child.value.split(whitespace)) {
      if (token === '') continue
      if (spaceOnly.test(token)) children.push({ type: 'text', value: token })
      else children.push(fadeSpan(token))
    }
  }
  if (changed) parent.children = children
}

function fadeSpan(word: string): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: { dataPalimpsestFade: '' },
    children: [{ type: 'text', value: word }],
  }
}

/** The caret where the last block is not rendered through the pipeline (a streaming table, raw HTML source, nothing yet). */
export function Caret() {
  return <span data-palimpsest-caret="" aria-hidden="true" />
}

function caretElement(): Element {
  return { type: 'element', tagName: 'span', properties: { dataPalimpsestCaret: '', ariaHidden: 'true' }, children: [] }
}

/**
 * Puts the caret right after the tree's last visible text (or atom), inside the innermost element
 * that holds it, so it follows the last word on its line; a tree without text gets it at its end.
 */
export function appendCaret(tree: Root): void {
  const place = lastTextPlace(tree) ?? { parent: tree, index: tree.children.length - 1 }
  place.parent.children.splice(place.index + 1, 0, caretElement())
}

interface Place {
  parent: Parent
  index: number
}

function lastTextPlace(parent: Parent): Place | undefined {
  for (let index = parent.children.length - 1; index >= 0; index--) {
    const child = parent.children[index]!
    if (child.type === 'text' && !spaceOnly.test(child.value)) return { parent, index }
    if (child.type !== 'element') continue
    if (isAtom(child)) return { parent, index }
    const inner = lastTextPlace(child)
    if (inner) return inner
  }
  return undefined
}

export interface BlockMotion {
  /** Wrap the block's words so new ones fade in. */
  fadeIn: boolean
  /** The block is the last one: it shows the caret. */
  caret: boolean
}

/** The transform for a block with this motion (undefined when it has none), run after `before`. */
export function motionTransform(
  { fadeIn, caret }: BlockMotion,
  before: HtmlTreeTransform | undefined,
): HtmlTreeTransform | undefined {
  if (!fadeIn && !caret) return before
  return (tree) => {
    before?.(tree)
    if (fadeIn) wrapWords(tree)
    if (caret) appendCaret(tree)
  }
}
