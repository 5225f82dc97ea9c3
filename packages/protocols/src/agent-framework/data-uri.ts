/** `data:<media type>;base64,<payload>` URIs, which Agent Framework uses for inline images and files. */

export interface InlineData {
  mimeType?: string
  /** The base64 payload. */
  data: string
}

const dataUriPattern = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s

/** Splits a base64 data URI; undefined when `uri` is not one (then it is an ordinary link). */
export function parseDataUri(uri: string): InlineData | undefined {
  const match = dataUriPattern.exec(uri)
  if (!match) return undefined
  const [, mimeType = '', parameters = '', payload = ''] = match
  if (!parameters.split(';').includes('base64')) return undefined
  return mimeType === '' ? { data: payload } : { mimeType, data: payload }
}
