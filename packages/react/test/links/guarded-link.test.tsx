import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { createGuardedLink, type LinkClick } from '../../src/links'
import { StreamingMarkdown } from '../../src/markdown'

const text = 'See [the notes](https://example.com/notes), [the guide](/guide) and [bad](javascript:alert(1)).'

describe('createGuardedLink', () => {
  test('a click on an external link goes to onLinkClick, which can stop it; the link keeps its safety', () => {
    const clicks: LinkClick[] = []
    const a = createGuardedLink({
      onLinkClick: (event, link) => {
        event.preventDefault()
        clicks.push(link)
      },
    })
    render(<StreamingMarkdown text={text} components={{ a }} linkTarget="_blank" />)
    const external = screen.getByRole('link', { name: 'the notes' })
    expect(external.getAttribute('rel')).toBe('noopener noreferrer')
    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    external.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(clicks).toEqual([{ href: 'https://example.com/notes', external: true, target: '_blank' }])

    // Same-site links are followed as usual; an unsafe one has no href to follow at all.
    fireEvent.click(screen.getByRole('link', { name: 'the guide' }))
    expect(clicks).toHaveLength(1)
    expect(screen.getByText('bad').getAttribute('href')).toBeNull()
  })

  test('a middle click (which opens a new tab without a click event) goes to onLinkClick too', () => {
    const clicks: LinkClick[] = []
    const a = createGuardedLink({
      onLinkClick: (event, link) => {
        event.preventDefault()
        clicks.push(link)
      },
    })
    render(<StreamingMarkdown text={text} components={{ a }} />)
    const external = screen.getByRole('link', { name: 'the notes' })
    const middle = new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 })
    external.dispatchEvent(middle)
    expect(middle.defaultPrevented).toBe(true)
    expect(clicks).toEqual([{ href: 'https://example.com/notes', external: true, target: undefined }])
    // A right click opens the context menu, not the link.
    external.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 2 }))
    expect(clicks).toHaveLength(1)
  })

  test('with externalOnly off, every link with an href goes to onLinkClick', () => {
    const onLinkClick = vi.fn()
    const a = createGuardedLink({ onLinkClick, externalOnly: false })
    render(<StreamingMarkdown text={text} components={{ a }} />)
    fireEvent.click(screen.getByRole('link', { name: 'the guide' }))
    expect(onLinkClick).toHaveBeenCalledWith(expect.anything(), { href: '/guide', external: false, target: undefined })
  })
})
