/**
 * An `a` override that lets the app intercept clicks on links in rendered markdown, typically to
 * ask before leaving for another site. The link keeps what `StreamingMarkdown` gives it (unsafe
 * schemes already removed, `rel="noopener noreferrer"` and `linkTarget` on external links).
 */

import { isRemoteUrl } from '@palimpsest/react'
import type { ComponentProps, ComponentType, MouseEvent } from 'react'
import type { ExtraProps } from '../markdown/markdown-pipeline'

export interface LinkClick {
  href: string
  /** It leads to another server (an absolute `http(s)` or protocol-relative URL). */
  external: boolean
  /** The `target` the link would open in (`linkTarget`), if any. */
  target: string | undefined
}

export interface GuardedLinkOptions {
  /**
   * Called on a click on a link with an `href` (a primary click, Enter, or a middle click, whose
   * event type is `auxclick`). Call `event.preventDefault()` to stop the browser following it (e.g.
   * to show a confirmation dialog), then `openLink(link)` when the user agrees.
   */
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>, link: LinkClick) => void
  /** Only external links go through `onLinkClick` (default true). */
  externalOnly?: boolean
}

type LinkProps = ComponentProps<'a'> & ExtraProps

/** An `a` component for `components` (or `markdownComponents`). Create it once, outside render. */
export function createGuardedLink({ onLinkClick, externalOnly = true }: GuardedLinkOptions): ComponentType<LinkProps> {
  function GuardedLink({ node: _node, onClick, onAuxClick, href, ...props }: LinkProps) {
    const guard = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || typeof href !== 'string') return
      const external = isRemoteUrl(href)
      if (externalOnly && !external) return
      onLinkClick(event, { href, external, target: props.target })
    }
    // A link's click (mouse, or Enter on the focused link) is handled like the browser's own.
    const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event)
      guard(event)
    }
    // A middle click opens the link in a new tab without a `click` event: it is guarded too.
    const handleAuxClick = (event: MouseEvent<HTMLAnchorElement>) => {
      onAuxClick?.(event)
      if (event.button === 1) guard(event)
    }
    return <a href={href} {...props} onClick={handleClick} onAuxClick={handleAuxClick} />
  }
  return GuardedLink
}

/**
 * Follows a link the user confirmed, without giving the new page a handle on this one
 * (`noopener,noreferrer`). Call it from the dialog's own click handler, so the browser sees a user
 * gesture and does not block a new window.
 */
export function openLink(link: Pick<LinkClick, 'href' | 'target'>): void {
  window.open(link.href, link.target ?? '_self', 'noopener,noreferrer')
}
