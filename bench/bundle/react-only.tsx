// React alone: the baseline every other page is measured against.
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root') as HTMLElement).render(<p>Hello</p>)
