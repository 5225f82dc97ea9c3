/**
 * The react-markdown options every block is rendered with, and the element overrides that block
 * remote images and highlight code (links and tables get their attributes on the tree instead:
 * `element-attributes.ts`). The overrides are module-level components reading a context, so their
 * identity never changes and growing code blocks are never remounted.
 */
import { type ComponentProps, type ComponentType, createElement, type ReactElement, useContext } from 'react'
import { HighlightedCodeBlock } from './HighlightedCodeBlock'
import type { Components, ExtraProps, RenderOptions } from './markdown-pipeline'
import type { MarkdownSyntax } from './markdown-syntax'
import { isRemoteUrl, safeMarkdownUrl } from './markdown-url'
import { type RenderSettings, RenderSettingsContext } from './render-settings'

/** How every block of a `StreamingMarkdown` renders. */
export interface MarkdownRenderOptions extends RenderOptions {
  /** Each top-level block gets `dir="auto"` (`addAutoDirection`). */
  readonly autoDirection: boolean
}

/** The render options `StreamingMarkdown` renders with these settings (react-markdown's, with our safety overrides). */
export function markdownOptions(
  settings: Pick<RenderSettings, 'components' | 'highlight'> & {
    autoDirection?: boolean
    syntax?: MarkdownSyntax | undefined
    /** Remote images show as a link to them (`GuardedImage`). */
    blockRemoteImages?: boolean
    /** `target` for external links. */
    linkTarget?: string | undefined
  },
): MarkdownRenderOptions {
  const components: Components = { ...settings.components }
  if (settings.blockRemoteImages) components.img = GuardedImage
  if (settings.highlight) components.pre = HighlightedPre
  return {
    components,
    urlTransform: safeMarkdownUrl,
    // Our own overrides read `node` only to hand it to a user's component, and `HighlightedPre` to find its code.
    passNode: settings.highlight !== undefined || readsNode(settings.components),
    autoDirection: settings.autoDirection ?? false,
    ...(settings.syntax && { syntax: settings.syntax }),
    ...(settings.linkTarget && { externalLinkTarget: settings.linkTarget }),
  }
}

/** Whether a user's overrides may read `node`: any component does (a tag name does not). */
function readsNode(components: Components | undefined): boolean {
  return components !== undefined && Object.values(components).some((override) => typeof override !== 'string')
}

/** A value derived from render options, computed once per options object (they are memoised). */
export function derivedFromOptions<T extends object>(
  derive: (options: RenderOptions) => T,
): (options: RenderOptions) => T {
  const derived = new WeakMap<RenderOptions, T>()
  return (options) => {
    let value = derived.get(options)
    if (!value) {
      value = derive(options)
      derived.set(options, value)
    }
    return value
  }
}

type ImageProps = ComponentProps<'img'> & ExtraProps

function GuardedImage({ node, ...props }: ImageProps) {
  const { components } = useContext(RenderSettingsContext)
  if (typeof props.src === 'string' && isRemoteUrl(props.src)) {
    return (
      <a href={props.src} rel="noopener noreferrer" data-palimpsest-blocked-image="">
        {props.alt || props.src}
      </a>
    )
  }
  return renderElement(components?.img, 'img', props, node)
}

type PreProps = ComponentProps<'pre'> & ExtraProps

export interface HastNode {
  type: string
  tagName?: string
  value?: string
  properties?: { className?: unknown }
  children?: HastNode[]
}

function HighlightedPre({ node, children, ...props }: PreProps) {
  const { components } = useContext(RenderSettingsContext)
  const code = (node as HastNode | undefined)?.children?.find(
    (child) => child.type === 'element' && child.tagName === 'code',
  )
  if (!code) return renderElement(components?.pre, 'pre', { ...props, children }, node)
  const classNames = Array.isArray(code.properties?.className) ? code.properties.className.map(String) : []
  const language = classNames.find((name) => name.startsWith('language-'))?.slice('language-'.length)
  const highlighted = (
    <HighlightedCodeBlock
      code={textOf(code)}
      language={language}
      className={classNames.length > 0 ? classNames.join(' ') : undefined}
    />
  )
  return renderElement(components?.pre, 'pre', { ...props, children: highlighted }, node)
}

/** Render the user's override for a tag (a component gets `node`, like react-markdown passes it) or the tag itself. */
export function renderElement(override: unknown, tag: string, props: object, node: ExtraProps['node']): ReactElement {
  if (typeof override === 'function' || (typeof override === 'object' && override !== null)) {
    return createElement(override as ComponentType<Record<string, unknown>>, { ...props, node })
  }
  return createElement(typeof override === 'string' ? override : tag, props as Record<string, unknown>)
}

export function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? ''
  return (node.children ?? []).map(textOf).join('')
}
