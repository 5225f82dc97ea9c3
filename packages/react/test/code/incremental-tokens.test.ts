import { describe, expect, test } from 'vitest'
import { createIncrementalTokens, type LineTokenizer } from '../../src/code/incremental-tokens'

/**
 * A toy grammar whose state is whether a block comment is open: `/*` opens it, `*\/` closes it. A
 * line's tokens are its words tagged with that state, so a wrong state shows in the output.
 */
function commentTokenizer(calls: string[]): LineTokenizer<string, boolean> {
  return {
    tokenizeLine(line, before) {
      calls.push(line)
      let open = before ?? false
      const words = line.split(' ').map((word) => {
        if (word === '/*') open = true
        const tagged = `${open ? 'c' : 'x'}:${word}`
        if (word === '*/') open = false
        return tagged
      })
      return { tokens: words.join(' '), after: open }
    },
    sameState: (a, b) => (a ?? false) === (b ?? false),
  }
}

function setup(options?: { maxBlocks?: number; maxLines?: number }) {
  const calls: string[] = []
  const cache = createIncrementalTokens(commentTokenizer(calls), (tokens, index) => `${index}|${tokens}`, options)
  const fresh = (code: string) => {
    const reference = createIncrementalTokens(commentTokenizer([]), (tokens, index) => `${index}|${tokens}`)
    return reference.lines('g', code)
  }
  return { calls, cache, fresh }
}

describe('incremental tokens', () => {
  test('a block growing line by line tokenises only its new and its last (unfinished) line', () => {
    const { calls, cache, fresh } = setup()
    const lines = ['let a = 1', '/* note', 'still comment */', 'let b = a', 'done']
    let code = ''
    for (const line of lines) {
      for (const piece of [line.slice(0, 3), line.slice(3)]) {
        code += piece
        calls.length = 0
        expect(cache.lines('g', code)).toEqual(fresh(code))
        // Only the line being typed is tokenised: the settled ones are kept.
        expect(calls).toEqual([code.slice(code.lastIndexOf('\n') + 1)])
      }
      code += '\n'
    }
    expect(cache.linesTokenized).toBeLessThanOrEqual(2 * lines.length + lines.length)
  })

  test('an edit re-tokenises from the changed line until the state matches the old block again', () => {
    const { calls, cache, fresh } = setup()
    const before = ['a', 'b', 'c', 'd', 'e', 'f'].join('\n')
    cache.lines('g', before)
    calls.length = 0
    const edited = ['a', 'B', 'c', 'd', 'e', 'f'].join('\n')
    expect(cache.lines('g', edited)).toEqual(fresh(edited))
    expect(calls).toEqual(['B'])
  })

  test('an edit that opens a comment re-tokenises the lines it changes, and only those', () => {
    const { calls, cache, fresh } = setup()
    cache.lines('g', ['a', 'b', 'c */', 'd'].join('\n'))
    calls.length = 0
    const edited = ['a', '/* b', 'c */', 'd'].join('\n')
    expect(cache.lines('g', edited)).toEqual(fresh(edited))
    // `c */` now starts inside the comment; after it the state is the old one again.
    expect(calls).toEqual(['/* b', 'c */'])
  })

  test('inserted lines move the lines after them, which keep their tokens and get their new index', () => {
    const { calls, cache, fresh } = setup()
    cache.lines('g', ['a', 'b', 'c', 'd'].join('\n'))
    calls.length = 0
    const edited = ['a', 'new', 'b', 'c', 'd'].join('\n')
    expect(cache.lines('g', edited)).toEqual(fresh(edited))
    expect(calls).toEqual(['new'])
  })

  test('blocks of another group (language) are not reused', () => {
    const { calls, cache } = setup()
    cache.lines('ts', 'a\nb')
    calls.length = 0
    cache.lines('py', 'a\nb')
    expect(calls).toEqual(['a', 'b'])
  })

  test('the cache keeps at most maxBlocks blocks and maxLines lines, dropping the least recently used', () => {
    const { calls, cache } = setup({ maxBlocks: 2, maxLines: 100 })
    cache.lines('g', 'one')
    cache.lines('g', 'two')
    cache.lines('g', 'one') // used again: `two` is now the oldest
    cache.lines('g', 'three')
    expect(cache.size).toEqual({ blocks: 2, lines: 2 })
    calls.length = 0
    cache.lines('g', 'one')
    expect(calls).toEqual([])
    cache.lines('g', 'two')
    expect(calls).toEqual(['two'])

    const byLines = setup({ maxBlocks: 10, maxLines: 5 })
    byLines.cache.lines('g', 'a\nb\nc')
    byLines.cache.lines('g', 'x\ny\nz')
    expect(byLines.cache.size).toEqual({ blocks: 1, lines: 3 })
  })
})
