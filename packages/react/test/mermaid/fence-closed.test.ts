import { describe, expect, test } from 'vitest'
import { isFenceClosed } from '../../src/mermaid/fence-closed'

const diagram = 'flowchart LR\n  A --> B'

describe('isFenceClosed', () => {
  test('an open fence is not closed while streaming, at any prefix', () => {
    const text = `Intro\n\n\`\`\`mermaid\n${diagram}`
    for (let end = text.indexOf('flowchart'); end <= text.length; end++) {
      const prefix = text.slice(0, end)
      const code = prefix.slice(prefix.indexOf('```mermaid\n') + '```mermaid\n'.length)
      expect(isFenceClosed(code, prefix, true), JSON.stringify(prefix)).toBe(false)
    }
  })

  test('closed once the closing fence line has ended, or the text is finished', () => {
    const open = `\`\`\`mermaid\n${diagram}\n\`\`\``
    expect(isFenceClosed(diagram, open, true)).toBe(false) // the line may still become "```x"
    expect(isFenceClosed(diagram, `${open}\n`, true)).toBe(true)
    expect(isFenceClosed(diagram, `${open}\r\nMore`, true)).toBe(true)
    expect(isFenceClosed(diagram, `~~~mermaid\n${diagram}\n   ~~~~\n`, true)).toBe(true)
    expect(isFenceClosed(diagram, open, false)).toBe(true)
  })

  test('a fence that only starts like the closing one, or is indented four spaces, does not close it', () => {
    expect(isFenceClosed(diagram, `\`\`\`mermaid\n${diagram}\n\`\`\`js\n`, true)).toBe(false)
    expect(isFenceClosed(diagram, `\`\`\`mermaid\n${diagram}\n    \`\`\`\n`, true)).toBe(false)
  })

  test('an empty diagram is not closed while streaming (and the search ends)', () => {
    expect(isFenceClosed('', '```mermaid\n```\n', true)).toBe(false)
    expect(isFenceClosed('', '```mermaid\n```\n', false)).toBe(true)
  })
})
