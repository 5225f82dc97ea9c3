/** Production builds of the benchmark pages (one per renderer) into `bench/.cache/pages`. */
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { workspaceAliases } from '../scripts/workspace-aliases'

export const rendererNames = ['palimpsest', 'react-markdown', 'streamdown', 'tanstack-markdown', 'raw-append'] as const
export type RendererName = (typeof rendererNames)[number]

const pagesDir = fileURLToPath(new URL('./pages/', import.meta.url))

/**
 * Builds into `bench/.cache/<directory>/` (a run serves from its own directory, so a smoke run
 * cannot overwrite the pages of a full run in progress). `readable`: unminified, same production
 * mode, for CPU profiles with real function names. `pages`: the pages to build (default: one per renderer).
 */
export async function buildPages({
  directory = 'pages',
  readable = false,
  pages = rendererNames as readonly string[],
} = {}): Promise<string> {
  const outDir = fileURLToPath(new URL(`./.cache/${directory}/`, import.meta.url))
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
        input: Object.fromEntries(pages.map((name) => [name, `${pagesDir}${name}.html`])),
      },
    },
  })
  return outDir
}
