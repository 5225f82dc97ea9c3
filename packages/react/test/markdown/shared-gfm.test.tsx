/** The shared GFM plugin parses exactly as remark-gfm while building its extensions only once. */
import { tests as commonmarkExamples } from 'commonmark-spec'
import { renderToStaticMarkup } from 'react-dom/server'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { describe, expect, it } from 'vitest'
import { sharedGfm } from '../../src/markdown/shared-gfm'
import { gfmExamples } from './gfm-examples'

type Data = Record<string, unknown[] | undefined>

/** Apply a remark plugin to a stand-in processor and return the extensions it registered. */
function registered(plugin: unknown): Data {
  const data: Data = {}
  ;(plugin as (this: { data(): Data }) => void).call({ data: () => data })
  return data
}

describe('sharedGfm', () => {
  it('renders every CommonMark and GFM example exactly as remark-gfm', () => {
    const sources = [...commonmarkExamples.map((example) => example.markdown), ...gfmExamples.map((e) => e.markdown)]
    for (const source of sources) {
      expect(renderToStaticMarkup(<Markdown remarkPlugins={[sharedGfm]}>{source}</Markdown>)).toBe(
        renderToStaticMarkup(<Markdown remarkPlugins={[remarkGfm]}>{source}</Markdown>),
      )
    }
  })

  it('hands every processor the same extension objects instead of building new ones', () => {
    const first = registered(sharedGfm)
    const second = registered(sharedGfm)
    expect(first.micromarkExtensions).toHaveLength(1)
    expect(first.fromMarkdownExtensions).toHaveLength(1)
    expect(second.micromarkExtensions?.[0]).toBe(first.micromarkExtensions?.[0])
    expect(second.fromMarkdownExtensions?.[0]).toBe(first.fromMarkdownExtensions?.[0])
    // remark-gfm itself builds new ones for each processor.
    expect(registered(remarkGfm).micromarkExtensions?.[0]).not.toBe(registered(remarkGfm).micromarkExtensions?.[0])
  })

  it('keeps extensions other plugins registered first', () => {
    const data: Data = { micromarkExtensions: ['earlier'] }
    ;(sharedGfm as (this: { data(): Data }) => void).call({ data: () => data })
    expect(data.micromarkExtensions).toEqual(['earlier', registered(sharedGfm).micromarkExtensions?.[0]])
  })
})
