/**
 * A JSON value as it fills in: an object as a list of fields, an array of objects as table rows,
 * any other array as a list, a primitive as text. Memoised on the value: the partial-JSON parser
 * never changes a container once closed, so completed rows and fields skip re-rendering.
 */
import { memo } from 'react'

const maxDepth = 8

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>()
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key)
  return [...seen]
}

function Primitive({ value }: { value: unknown }) {
  const type = value === null ? 'null' : typeof value
  return <span data-palimpsest-json-value={type}>{value === null ? 'null' : String(value)}</span>
}

export const StructuredValue = memo(function StructuredValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (depth > maxDepth) return <span data-palimpsest-json-value="truncated">…</span>
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isRecord)) {
      const columns = columnsOf(value)
      return (
        <table data-palimpsest-structured="rows">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {value.map((row, index) => (
              // Rows are only appended while the value streams: the index is a stable key.
              <Row key={index} row={row} columnKey={columns.join('\u0000')} depth={depth} />
            ))}
          </tbody>
        </table>
      )
    }
    return (
      <ol data-palimpsest-structured="list">
        {value.map((item, index) => (
          <li key={index}>
            <StructuredValue value={item} depth={depth + 1} />
          </li>
        ))}
      </ol>
    )
  }
  if (isRecord(value))
    return (
      <dl data-palimpsest-structured="fields">
        {Object.entries(value).map(([key, field]) => (
          <div key={key} data-field={key}>
            <dt>{key}</dt>
            <dd>
              <StructuredValue value={field} depth={depth + 1} />
            </dd>
          </div>
        ))}
      </dl>
    )
  return <Primitive value={value} />
})

/** `columnKey` is the column names joined by NUL: a string, so a row whose cells did not change skips rendering. */
const Row = memo(function Row({
  row,
  columnKey,
  depth,
}: {
  row: Record<string, unknown>
  columnKey: string
  depth: number
}) {
  const columns = columnKey.split('\u0000')
  return (
    <tr>
      {columns.map((column) => (
        <td key={column}>{column in row ? <StructuredValue value={row[column]} depth={depth + 1} /> : null}</td>
      ))}
    </tr>
  )
})
