/**
 * URL policy for links and images in rendered markdown. Used as react-markdown's `urlTransform`, so
 * it sees destinations after entity decoding (`&#106;avascript:` arrives here as `javascript:`).
 */

const allowedSchemes = new Set(['http', 'https', 'mailto', 'tel', 'irc', 'ircs', 'xmpp'])

/**
 * The URL when its scheme cannot run code or embed content (http(s), mailto, tel, irc, xmpp, or a
 * relative URL), else `undefined`, which removes the attribute. `javascript:`, `vbscript:`, `data:`
 * and unknown schemes are dropped, whatever their case and whatever whitespace or control
 * characters a browser would ignore inside them.
 */
export function safeMarkdownUrl(url: string): string | undefined {
  // Browsers drop ASCII tab/newline anywhere and C0 controls/space at the ends before reading the scheme.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const normalised = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  const colon = normalised.indexOf(':')
  if (colon === -1) return url
  const firstDelimiter = normalised.search(/[/?#]/)
  if (firstDelimiter !== -1 && firstDelimiter < colon) return url
  return allowedSchemes.has(normalised.slice(0, colon).toLowerCase()) ? url : undefined
}

export { isRemoteUrl } from '../url/safe-url'
