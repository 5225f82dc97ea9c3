/**
 * Attributes every block's HTML tree gets before it becomes React elements, after the URL policy:
 * - a link to another server gets `rel="noopener noreferrer"`, and `target` when one is asked for
 *   (`linkTarget`), so the page it opens gets no handle on this one;
 * - a table gets `tabIndex={0}`: the stylesheet makes a wide table scroll sideways in its own box,
 *   and a keyboard user can focus it to scroll it with the arrow keys, as a mouse or touch user can.
 *
 * Written on the tree, not by a component per link or table, so an `a` or `table` override in
 * `components` receives them as props, and a link or table costs no fiber of its own.
 */
import type { Element } from 'hast'
import { isRemoteUrl } from '../url/safe-url'

export function addElementAttributes(element: Element, externalLinkTarget: string | undefined): void {
  const { properties } = element
  if (element.tagName === 'table') element.properties = { tabIndex: 0, ...properties }
  else if (element.tagName === 'a' && typeof properties.href === 'string' && isRemoteUrl(properties.href)) {
    properties.rel = ['noopener', 'noreferrer']
    if (externalLinkTarget) properties.target = externalLinkTarget
  }
}
