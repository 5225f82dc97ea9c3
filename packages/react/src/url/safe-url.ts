/** URL checks for links and images built from agent output: only schemes that cannot run code. */

const linkSchemes = new Set(['http:', 'https:', 'mailto:', 'blob:'])
const relativeBase = 'https://relative.invalid/'

/** The URL when it is safe as a link target (http, https, mailto, blob or relative), else `undefined`. */
export function safeLinkUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string' || url.trim() === '') return undefined
  try {
    const parsed = new URL(url.trim(), relativeBase)
    return linkSchemes.has(parsed.protocol) ? url.trim() : undefined
  } catch {
    return undefined
  }
}

/** The URL when it is safe as an image source: a safe link URL, or an inline `data:image/…`. */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (typeof url === 'string' && /^data:image\/[a-z0-9.+-]+[;,]/i.test(url.trim())) return url.trim()
  return safeLinkUrl(url)
}

/** Loading it would contact another server (what `blockRemoteImages` prevents). */
export function isRemoteUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url.trim())
}

/** An inline payload as a data URL, when its MIME type is a plain token. */
export function inlineDataUrl(data: string, mimeType: string | undefined): string | undefined {
  const type = mimeType && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(mimeType) ? mimeType : 'application/octet-stream'
  if (!/^[A-Za-z0-9+/=\s]*$/.test(data)) return undefined
  return `data:${type};base64,${data.replace(/\s+/g, '')}`
}
