/** React roots on fixed-width hosts in the page, unmounted and removed after each test. */
import { createRoot, type Root } from 'react-dom/client'
import { afterEach } from 'vitest'

const mounted: { host: HTMLElement; root: Root }[] = []

afterEach(() => {
  for (const { host, root } of mounted.splice(0)) {
    root.unmount()
    host.remove()
  }
})

export function mountHost(width: number): { host: HTMLElement; root: Root } {
  const host = document.createElement('div')
  host.style.cssText = `width: ${width}px; font: 15px/1.5 sans-serif;`
  document.body.append(host)
  const entry = { host, root: createRoot(host) }
  mounted.push(entry)
  return entry
}
