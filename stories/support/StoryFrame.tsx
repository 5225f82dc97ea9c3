/** A fixed-height box for a transcript, so stories scroll like a chat panel does. */
import type { ReactNode } from 'react'

export function StoryFrame({ height = 440, children }: { height?: number; children: ReactNode }) {
  return <div style={{ height, display: 'flex', flexDirection: 'column' }}>{children}</div>
}
