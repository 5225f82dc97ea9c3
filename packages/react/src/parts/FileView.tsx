import type { FilePart } from '@palimpsest/core'
import { forwardRef, useEffect } from 'react'
import type { PartElementProps } from '../message/components-map'
import { useTranscriptOptions } from '../options/options-context'
import { inlineDataUrl, isRemoteUrl, safeImageUrl, safeLinkUrl } from '../url/safe-url'

export interface FileLinkProps {
  url?: string
  data?: string
  mimeType?: string
  name?: string
  title?: string
  size?: number
  /** Reported through `onIssue` when the URL is refused. */
  issueLabel: string
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** An image (inline, or remote unless blocked) or a download link; unsafe URLs are dropped and reported. */
export function FileContent({ url, data, mimeType, name, title, size, issueLabel }: FileLinkProps) {
  const { blockRemoteImages, labels, onIssue } = useTranscriptOptions()
  const isImage = mimeType?.startsWith('image/') ?? false
  const source = data !== undefined ? inlineDataUrl(data, mimeType) : url
  const safe = source === undefined ? undefined : isImage ? safeImageUrl(source) : safeLinkUrl(source)
  const refused = source !== undefined && safe === undefined
  useEffect(() => {
    if (refused) onIssue?.({ code: 'unsafe-url', message: `${issueLabel}: refused its URL`, source: 'react' })
  }, [refused, issueLabel, onIssue])
  const label = title ?? name ?? (url && safeLinkUrl(url)) ?? mimeType ?? 'file'
  if (isImage && safe !== undefined) {
    if (blockRemoteImages && isRemoteUrl(safe))
      return (
        <a href={safe} target="_blank" rel="noopener noreferrer" data-blocked-image="">
          {labels.remoteImageBlocked}: {label}
        </a>
      )
    return <img src={safe} alt={title ?? name ?? ''} loading="lazy" decoding="async" />
  }
  return (
    <span data-palimpsest-file-link="">
      {safe !== undefined ? (
        <a href={safe} target="_blank" rel="noopener noreferrer" {...(data !== undefined && { download: name ?? '' })}>
          {label}
        </a>
      ) : (
        <span>{label}</span>
      )}
      {size !== undefined && <span data-palimpsest-file-size=""> ({formatSize(size)})</span>}
    </span>
  )
}

export interface FileViewProps extends PartElementProps<FilePart, 'div'> {}

/** A file or image part. */
export const FileView = forwardRef<HTMLDivElement, FileViewProps>(function FileView(
  { part, message: _message, streaming: _streaming, ...rest },
  ref,
) {
  return (
    <div ref={ref} {...rest} data-palimpsest-part="file" data-mime-type={part.mimeType}>
      <FileContent
        {...(part.url !== undefined && { url: part.url })}
        {...(part.data !== undefined && { data: part.data })}
        {...(part.mimeType !== undefined && { mimeType: part.mimeType })}
        {...(part.name !== undefined && { name: part.name })}
        {...(part.title !== undefined && { title: part.title })}
        {...(part.size !== undefined && { size: part.size })}
        issueLabel={`file part ${part.id}`}
      />
    </div>
  )
})
