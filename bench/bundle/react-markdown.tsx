// What an app adds to render markdown the common way: react-markdown with GFM.
import { createRoot } from 'react-dom/client'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'

createRoot(document.getElementById('root') as HTMLElement).render(
  <Markdown remarkPlugins={[remarkGfm]}>{'**Hello** | a |\n| - |'}</Markdown>,
)
