/**
 * Makes the unsettled last block of a streaming message render sensibly: hides a partial closing
 * code fence, a line holding only a list, heading, quote or setext/thematic-break marker, shows a
 * table whose delimiter row has not arrived (or is half typed) as a table, and completes unfinished
 * inline syntax (see `repairInline`). Runs only while streaming; settled blocks are never repaired.
 */
import { repairInline } from './inline-repair'
import { lineStartBefore, type TailLeaf } from './top-level-blocks'

// Quote and list markers, then at most a heading marker, a setext/thematic-break run, a partial ordered
// marker (digits) or a lone pipe: nothing that can be shown before the next character decides what it is.
const markerOnlyLine =
  /^(?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))*(?:#{1,6}|=+|-+|\*+|_+|\d{1,9}|\|)?[ \t]*$/
const delimiterRowPrefix = /^[ \t]*\|[ \t:|-]*$/
const tableHeaderCandidate = /^[ \t]{0,3}\|.*\S/

export function repairTail(block: string, leaf: TailLeaf | undefined): string {
  const lineStart = lineStartBefore(block, block.length)
  const lastLine = block.slice(lineStart)

  if (leaf?.type === 'code' || leaf?.type === 'html') {
    if (leaf.fence && lineStart > leaf.start && isClosingFencePrefix(lastLine, leaf.fence)) {
      return block.slice(0, lineStart)
    }
    return block
  }

  if (leaf?.type === 'paragraph') {
    const lines = block.slice(leaf.start).split(/\r\n?|\n/)
    const header = lines[0] ?? ''
    if (lines.length <= 2 && tableHeaderCandidate.test(header) && !/^[ \t]*\|[ \t:|-]*$/.test(header)) {
      const delimiter = lines[1]
      if (!delimiter || delimiterRowPrefix.test(delimiter)) {
        const repairedHeader = repairInline(header)
        if (!/[^\s|]/.test(repairedHeader)) return block.slice(0, leaf.start)
        return `${block.slice(0, leaf.start)}${repairedHeader}\n${delimiterRow(repairedHeader)}`
      }
    }
  }

  if (lastLine !== '' && markerOnlyLine.test(lastLine)) {
    const rest = block.slice(0, lineStart)
    return leaf && leaf.start < lineStart ? repairLeafText(rest, leaf) : rest
  }

  if (leaf?.type === 'tableCell') {
    // A finished cell (closing pipe typed) needs nothing; an unfinished one is repaired on its own.
    if (/\|[ \t]*$/.test(lastLine)) return block
    const cellStart = Math.max(leaf.start, lineStart)
    return block.slice(0, cellStart) + repairInline(block.slice(cellStart))
  }

  return leaf ? repairLeafText(block, leaf) : block
}

function repairLeafText(block: string, leaf: TailLeaf): string {
  if (leaf.type !== 'paragraph' && leaf.type !== 'heading') return block
  return block.slice(0, leaf.start) + repairInline(block.slice(leaf.start))
}

function isClosingFencePrefix(line: string, fence: '`' | '~'): boolean {
  const content = line.replace(/^(?:[ \t]*>)*[ \t]*/, '')
  return content.length > 0 && [...content].every((char) => char === fence)
}

function delimiterRow(header: string): string {
  const cells = header
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
  return `|${cells.map(() => ' --- |').join('')}`
}
