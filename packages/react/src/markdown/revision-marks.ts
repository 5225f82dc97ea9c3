/**
 * Marks the words a rewrite changed in a block's rendered tree: every word of the new render that
 * the shortest word diff against the previous render inserts is wrapped in `<span data-revised>`
 * (the stylesheet fades it out). Words are compared as rendered, so markup that only moved does not
 * count, and a block that was not there before has every word marked.
 */
import type { ElementContent, Root, Text } from 'hast'
import { diffSequences } from '../diff/sequence-diff'

/** The words of the rendered text, in order. */
export function renderedWords(tree: Root): string[] {
  const words: string[] = []
  visitText(tree, (node) => {
    for (const token of node.value.split(/\s+/)) if (token !== '') words.push(token)
    return 0
  })
  return words
}

/**
 * Wraps the words of `tree` that are new against `previousWords` (undefined: all are new) and
 * returns the words of `tree`.
 */
export function markRevisedWords(tree: Root, previousWords: readonly string[] | undefined): string[] {
  const words = renderedWords(tree)
  const inserted = new Set<number>()
  if (previousWords === undefined) for (let index = 0; index < words.length; index++) inserted.add(index)
  else for (const edit of diffSequences(previousWords, words)) if (edit.type === 'insert') inserted.add(edit.newIndex)
  if (inserted.size === 0) return words
  let index = 0
  visitText(tree, (node, parent, position) => {
    const pieces: ElementContent[] = []
    let plain = ''
    for (const token of node.value.split(/(\s+)/)) {
      if (token === '' || spaceOnly.test(token) || !inserted.has(index++)) {
        plain += token
        continue
      }
      if (plain !== '') pieces.push({ type: 'text', value: plain })
      plain = ''
      pieces.push({
        type: 'element',
        tagName: 'span',
        properties: { dataRevised: '' },
        children: [{ type: 'text', value: token }],
      })
    }
    if (pieces.length === 0) return 0
    if (plain !== '') pieces.push({ type: 'text', value: plain })
    ;(parent.children as ElementContent[]).splice(position, 1, ...pieces)
    return pieces.length - 1
  })
  return words
}

const spaceOnly = /^\s+$/

type Parent = Root | Extract<ElementContent, { children: unknown }>

/**
 * Calls `visit` on every text node in document order. It may replace the node in its parent's
 * children and return how many nodes it added, so the walk goes on after them.
 */
function visitText(node: Parent, visit: (node: Text, parent: Parent, index: number) => number): void {
  for (let index = 0; index < node.children.length; index++) {
    const child = node.children[index]!
    if (child.type === 'text') index += visit(child, node, index)
    else if (child.type === 'element') visitText(child, visit)
  }
}
