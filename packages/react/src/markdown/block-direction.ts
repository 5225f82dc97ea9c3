/**
 * `autoDirection`: each top-level block gets `dir="auto"`, so the browser sets its direction from
 * its first strong character. A Hebrew or Arabic paragraph reads right to left (aligned right,
 * punctuation and list markers on its side) in an otherwise left-to-right answer, and the other way
 * round. Code blocks and rules keep the direction they inherit (code is not prose).
 */
import type { Root } from 'hast'

const keepsInheritedDirection = new Set(['pre', 'hr'])

export function addAutoDirection(tree: Root): void {
  for (const child of tree.children) {
    if (child.type === 'element' && !keepsInheritedDirection.has(child.tagName)) child.properties.dir = 'auto'
  }
}
