/** Production builds of the benchmark pages (one per renderer) into `bench/.cache/pages`. */
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { workspaceAliases } from '../scripts/workspace-aliases'

export const rendererNames = ['palimpsest', 'react-markdown', 'streamdown', 'raw-append'] as const
export type RendererName = (typeof rendererNames)[number]

const pagesDir = fileURLToPath(new URL('./pages/', import.meta.url))
export const pagesOutDir = fileURLToPath(new URL('./.cache/pages/', import.meta.url))

/** `readable`: unminified (same production mode), for CPU profiles with real function names. */
export async function buildPages({ readable = false }: { readable?: boolean } = {}): Promise<string> {
  const outDir = readable ? fileURLToPath(new URL('./.cache/pages-readable/', import.meta.url)) : pagesOutDir
  await build({
    configFile: false,
    root: pagesDir,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: workspaceAliases },
    build: {
      outDir,
      emptyOutDir: true,
      minify: !readable,
      modulePreload: { polyfill: false },
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      rollupOptions: {
        input: Object.fromEntries(rendererNames.map((name) => [name, `${pagesDir}${name}.html`])),
      },
    },
  })
  return outDir
}
