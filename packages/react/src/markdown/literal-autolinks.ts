/**
 * GFM's literal autolinks in the syntax tree: the mdast half of `mdast-util-gfm-autolink-literal`,
 * with the same trees. micromark marks the literal links it finds in a line (the handlers below build
 * their `link` nodes); the transform then links what only shows in the text nodes, such as a link
 * written with an escape or a character reference, or an address after another inline construct.
 *
 * Written here because the package's transform runs on `mdast-util-find-and-replace`, which brings
 * a generic tree walker and node tests (~2 KB gzip in a page) for one walk over the text nodes.
 */
import type { Link, Parents, PhrasingContent, Text } from 'mdast'
import type { CompileContext, Extension, Token } from 'mdast-util-from-markdown'
import { unicodePunctuation, unicodeWhitespace } from 'micromark-util-character'

/** The handlers for micromark's literal autolink tokens, and (with `search`) the transform linking the rest. */
export function literalAutolinksFromMarkdown(search: boolean): Extension {
  return {
    transforms: search ? [(tree) => linkLiteralsIn(tree)] : [],
    enter: {
      literalAutolink(this: CompileContext, token: Token) {
        this.enter({ type: 'link', title: null, url: '', children: [] }, token)
      },
      literalAutolinkEmail: enterValue,
      literalAutolinkHttp: enterValue,
      literalAutolinkWww: enterValue,
    },
    exit: {
      literalAutolink(this: CompileContext, token: Token) {
        this.exit(token)
      },
      literalAutolinkEmail(this: CompileContext, token: Token) {
        this.config.exit.autolinkEmail!.call(this, token)
      },
      literalAutolinkHttp(this: CompileContext, token: Token) {
        this.config.exit.autolinkProtocol!.call(this, token)
      },
      literalAutolinkWww(this: CompileContext, token: Token) {
        this.config.exit.data!.call(this, token)
        const link = this.stack[this.stack.length - 1] as Link
        link.url = `http://${this.sliceSerialize(token)}`
      },
    },
  }
}

function enterValue(this: CompileContext, token: Token) {
  this.config.enter.autolinkProtocol!.call(this, token)
}

type Finder = (match: RegExpExecArray) => PhrasingContent[] | undefined

/** Each kind of literal link, searched for in this order through every text node outside links. */
const finders: [RegExp, Finder][] = [
  [/(?<![\da-z])(https?:\/\/|www(?=\.))([\w-]*\.[\w\-.]*)([^\t\n\r ]*)/gi, webLink],
  [/(?<![\w+\-.@])xmpp:([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)(\/(?:[\w\-/]|\.(?=[\dA-Za-z]))*)?/g, xmppLink],
  [/(?<![\w+\-.@])mailto:([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/g, mailtoLink],
  [/(?<![\w+\-.]|(?:^|[^\d@A-Za-z])(?:mailto|xmpp):)([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/g, emailLink],
]

export function linkLiteralsIn(parent: Parents): void {
  const children = parent.children
  for (let index = 0; index < children.length; index++) {
    const node = children[index]!
    if (node.type === 'text') {
      const pieces = linkLiterals(node)
      if (pieces) {
        children.splice(index, 1, ...(pieces as typeof children))
        index += pieces.length - 1
      }
    } else if (node.type !== 'link' && node.type !== 'linkReference' && 'children' in node) linkLiteralsIn(node)
  }
}

/** The nodes a text node becomes, undefined when it holds no literal link. */
function linkLiterals(node: Text): PhrasingContent[] | undefined {
  let pieces: PhrasingContent[] = [node]
  for (const [pattern, find] of finders) {
    pieces = pieces.flatMap((piece) => (piece.type === 'text' ? replaceIn(piece, pattern, find) : [piece]))
  }
  return pieces.length === 1 && pieces[0] === node ? undefined : pieces
}

function replaceIn(node: Text, pattern: RegExp, find: Finder): PhrasingContent[] {
  const value = node.value
  const pieces: PhrasingContent[] = []
  const add = (piece: PhrasingContent) => {
    const last = pieces[pieces.length - 1]
    if (last?.type === 'text' && piece.type === 'text') last.value += piece.value
    else pieces.push(piece)
  }
  let start = 0
  let changed = false
  pattern.lastIndex = 0
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    const found = find(match)
    if (!found) {
      pattern.lastIndex = match.index + 1
      continue
    }
    if (match.index > start) add(text(value.slice(start, match.index)))
    for (const piece of found) add(piece)
    start = match.index + match[0].length
    changed = true
  }
  if (!changed) return [node]
  if (start < value.length) add(text(value.slice(start)))
  return pieces
}

const text = (value: string): Text => ({ type: 'text', value })

const link = (url: string, value: string): Link => ({ type: 'link', title: null, url, children: [text(value)] })

/** `www.` or `http(s)://` after whitespace, punctuation or nothing, with a valid domain; trailing punctuation stays text. */
function webLink(match: RegExpExecArray): PhrasingContent[] | undefined {
  if (!afterBoundary(match)) return undefined
  const [, written = '', rest = '', path = ''] = match
  // `www.` is part of the domain, and the link's URL gets `http://`.
  const www = /^w/i.test(written)
  const protocol = www ? '' : written
  const domain = www ? written + rest : rest
  if (unicodePunctuation(domain.charCodeAt(0)) || !validDomain(domain)) return undefined
  const [url, trail] = withoutTrail(domain + path)
  const found: PhrasingContent[] = [link((www ? 'http://' : protocol) + url, protocol + url)]
  if (trail) found.push(text(trail))
  return found
}

function emailLink([, local, domain = '']: RegExpExecArray): PhrasingContent[] | undefined {
  if (/[\d\-_]$/.test(domain)) return undefined
  return [link(`mailto:${local}@${domain}`, `${local}@${domain}`)]
}

function mailtoLink([, local, domain = '']: RegExpExecArray): PhrasingContent[] | undefined {
  if (/[\d\-_]$/.test(domain)) return undefined
  const address = `mailto:${local}@${domain}`
  return [link(address, address)]
}

function xmppLink(match: RegExpExecArray): PhrasingContent[] | undefined {
  const [whole, local, domain = '', resource] = match
  if (/[\d\-_]$/.test(domain)) return undefined
  if (resource && (!/[A-Za-z]$/.test(resource) || match.input.charAt(match.index + whole.length) === '@'))
    return undefined
  const address = `xmpp:${local}@${domain}${resource ?? ''}`
  return [link(address, address)]
}

/** The last two labels of a domain exist, hold a letter or digit, and no underscore. */
function validDomain(domain: string): boolean {
  const labels = domain.split('.')
  if (labels.length < 2) return false
  return labels.slice(-2).every((label) => !label || (!label.includes('_') && /[\dA-Za-z]/.test(label)))
}

/**
 * A URL without the punctuation it ends with, and that punctuation; a closing parenthesis stays in
 * the URL while the URL opens more parentheses than it closes.
 */
function withoutTrail(url: string): [string, string | undefined] {
  let end = url.length
  while (end > 0 && `!"&'),.:;<>?]}`.includes(url[end - 1]!)) end--
  if (end === url.length) return [url, undefined]
  let trail = url.slice(end)
  let kept = url.slice(0, end)
  const opening = count(kept, '(')
  let closing = count(kept, ')')
  let paren = trail.indexOf(')')
  while (paren !== -1 && opening > closing) {
    kept += trail.slice(0, paren + 1)
    trail = trail.slice(paren + 1)
    paren = trail.indexOf(')')
    closing++
  }
  return [kept, trail]
}

const count = (value: string, character: string) => value.split(character).length - 1

function afterBoundary(match: RegExpExecArray): boolean {
  if (match.index === 0) return true
  const code = match.input.charCodeAt(match.index - 1)
  return unicodeWhitespace(code) || unicodePunctuation(code)
}
