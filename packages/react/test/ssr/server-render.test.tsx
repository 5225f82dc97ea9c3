// @vitest-environment node
import { Writable } from 'node:stream'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Chat, conversation } from './conversation'

/** What the server sends, with the tags removed: what a reader sees before any script runs. */
const visibleText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

function renderToPipe(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = ''
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk)
        done()
      },
    })
    sink.on('finish', () => resolve(html))
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onError: reject,
    })
  })
}

describe('server rendering a populated transcript', () => {
  let consoleCalls: unknown[][]
  beforeEach(() => {
    consoleCalls = []
    for (const level of ['error', 'warn'] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void consoleCalls.push(args))
  })
  afterEach(() => vi.restoreAllMocks())

  const expectConversation = (html: string) => {
    const text = visibleText(html)
    expect(text).toContain('Compare the two plans')
    expect(html).toMatch(/The <strong>pro<\/strong> plan costs more\./)
    expect(html).toMatch(/<table[\s>]/)
    expect(text).toContain('basic 5')
    expect(text).toContain('const total = 5 + 9')
    expect(text).toContain('lookupPlans')
    expect(consoleCalls).toEqual([])
  }

  it('renderToString renders every message', () => {
    expectConversation(renderToString(<Chat snapshot={conversation} />))
  })

  it('renderToPipeableStream renders every message', async () => {
    expectConversation(await renderToPipe(<Chat snapshot={conversation} />))
  })
})
