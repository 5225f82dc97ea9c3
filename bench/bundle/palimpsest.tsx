// A page with a Transcript over a store: what an app adds to use Palimpsest.
import { createTranscriptStore } from '@palimpsest/core'
import { Transcript } from '@palimpsest/react'
import { createRoot } from 'react-dom/client'

const store = createTranscriptStore()
store.getState().apply({ type: 'chunk', messageId: 'm1', text: '**Hello**' })
createRoot(document.getElementById('root') as HTMLElement).render(<Transcript store={store} />)
