/**
 * Markdown for one text buffer (answer or reasoning) with the flicker-free reset: the element is
 * never re-keyed on a new epoch, shows the previous text (`data-state="replacing"`) while a
 * cleared buffer's new text has not arrived, and keeps its height meanwhile.
 */
import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { StreamingMarkdown } from '../markdown'
import { useTranscriptOptions } from '../options/options-context'
import { useReplacementHold } from './replacement-hold'

export interface ReplaceableMarkdownProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  text: string
  epoch: number
  /** The buffer is receiving text. */
  streaming: boolean
  /** The message is still streaming: a cleared buffer may still be refilled. */
  messageStreaming: boolean
}

export const ReplaceableMarkdown = forwardRef<HTMLDivElement, ReplaceableMarkdownProps>(function ReplaceableMarkdown(
  { text, epoch, streaming, messageStreaming, style, ...rest },
  ref,
) {
  const options = useTranscriptOptions()
  const { holdMs, markdownComponents, markdownSyntax, highlight, blockRemoteImages, markRevisions, labels } = options
  const { fadeIn, caret, autoDirection } = options
  const hold = useReplacementHold({ text, epoch, streaming: messageStreaming, holdMs })
  const state = hold.replacing ? 'replacing' : streaming ? 'streaming' : 'done'
  return (
    <div
      ref={ref}
      {...rest}
      data-state={state}
      data-epoch={epoch}
      data-held={hold.minHeight !== undefined ? '' : undefined}
      style={hold.minHeight !== undefined ? { ...style, minHeight: hold.minHeight } : style}
    >
      <div ref={hold.contentRef} data-palimpsest-content="" style={{ display: 'flow-root' }}>
        <StreamingMarkdown
          text={hold.text}
          streaming={streaming || hold.replacing}
          blockRemoteImages={blockRemoteImages}
          markRevisions={markRevisions}
          revisionLabel={labels.revised}
          fadeIn={fadeIn}
          caret={caret}
          autoDirection={autoDirection}
          {...(markdownComponents && { components: markdownComponents })}
          {...(highlight && { highlight })}
          {...(markdownSyntax && { syntax: markdownSyntax })}
        />
      </div>
    </div>
  )
})
