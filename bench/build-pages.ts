/** Production builds of the benchmark pages (one per renderer) into `bench/.cache/pages`. */
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { workspaceAliases } from '../scripts/workspace-aliases'

export const rendererNames = ['palimpsest', 'react-markdown', 'streamdown', 'raw-append'] as const
export type RendererName = (typeof rendererNames)[number]

const pagesDir = fileURLToPath(new URL('./pages/', import.meta.url))
export const pagesOutDir = fileURLToPath(new URL('./.cache/pages/', import.meta.url))

export async function buildPages(): Promise<string> {
  await build({
    configFile: false,
    root: pagesDir,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: workspaceAliases },
    build: {
      outDir: pagesOutDir,
      emptyOutDir: true,
      minify: true,
      modulePreload: { polyfill: false },
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      rollupOptions: {
        input: Object.fromEntries(rendererNames.map((name) => [name, `${pagesDir}${name}.html`])),
      },
    },
  })
  return pagesOutDir
}
