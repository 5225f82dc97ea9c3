import '@palimpsest/react/styles.css'
import './app.css'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { ChatTab } from './ChatTab'
import { ReplayTab } from './ReplayTab'

function App() {
  const [tab, setTab] = useState<'chat' | 'replay'>('chat')
  return (
    <main>
      <div role="tablist" aria-label="Example">
        <button type="button" role="tab" aria-selected={tab === 'chat'} onClick={() => setTab('chat')}>
          Chat
        </button>
        <button type="button" role="tab" aria-selected={tab === 'replay'} onClick={() => setTab('replay')}>
          Replay traces
        </button>
      </div>
      <div role="tabpanel">{tab === 'chat' ? <ChatTab /> : <ReplayTab />}</div>
    </main>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
