/**
 * A markdown table that scrolls sideways inside its own box when it is wider than the message
 * (`styles.css` makes it a scroll container): `tabIndex={0}` lets a keyboard user focus it and
 * scroll it with the arrow keys, as a mouse or touch user can.
 */
import { type ComponentProps, useContext } from 'react'
import type { ExtraProps } from './markdown-pipeline'
import { renderElement } from './render-options'
import { RenderSettingsContext } from './render-settings'

type TableProps = ComponentProps<'table'> & ExtraProps

export function ScrollableTable({ node, ...props }: TableProps) {
  const { components } = useContext(RenderSettingsContext)
  return renderElement(components?.table, 'table', { tabIndex: 0, ...props }, node)
}
