import { type ComponentPropsWithoutRef, forwardRef, useMemo } from 'react'
import { diffLines } from '../diff/line-diff'

export interface DiffViewProps extends Omit<ComponentPropsWithoutRef<'figure'>, 'children'> {
  path: string
  /** `null` for a new file. */
  oldText: string | null
  newText: string
}

const marks = { equal: ' ', delete: '-', insert: '+' } as const

/** A file edit as a line diff of old and new text: one row per line, `data-change` = equal, delete or insert. */
export const DiffView = forwardRef<HTMLElement, DiffViewProps>(function DiffView(
  { path, oldText, newText, ...rest },
  ref,
) {
  const lines = useMemo(() => diffLines(oldText ?? '', newText), [oldText, newText])
  const added = lines.filter((l) => l.type === 'insert').length
  const removed = lines.filter((l) => l.type === 'delete').length
  return (
    <figure ref={ref} {...rest} data-palimpsest-diff="" data-new-file={oldText === null ? '' : undefined}>
      <figcaption>
        <span data-palimpsest-diff-path="">{path}</span>{' '}
        <span data-palimpsest-diff-stats="">
          +{added} −{removed}
        </span>
      </figcaption>
      <pre>
        {lines.map((line, index) => (
          <div
            // Lines have no identity beyond their position in this diff.
            key={index}
            data-change={line.type}
            data-old-line={line.type === 'insert' ? undefined : line.oldLine}
            data-new-line={line.type === 'delete' ? undefined : line.newLine}
          >
            <span data-palimpsest-diff-mark="" aria-hidden="true">
              {marks[line.type]}
            </span>
            <span data-palimpsest-diff-text="">{line.text}</span>
          </div>
        ))}
      </pre>
    </figure>
  )
})
