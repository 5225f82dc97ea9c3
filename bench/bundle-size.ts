/**
 * What a page with `Transcript` + a store adds over React alone, against what react-markdown +
 * remark-gfm add: each page in bench/bundle/ is built alone by Vite in production mode (minified),
 * and its JavaScript is gzipped (level 9).
 *
 * Usage: npx tsx bench/bundle-size.ts
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, type Rolldown } from 'vite'
import { workspaceAliases } from '../scripts/workspace-aliases'

const pages = ['react-only', 'react-markdown', 'palimpsest'] as const

async function gzippedBytes(page: string): Promise<{ raw: number; gzip: number }> {
  const result = await build({
    configFile: false,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: workspaceAliases },
    build: {
      write: false,
      minify: true,
      modulePreload: { polyfill: false },
      rollupOptions: { input: fileURLToPath(new URL(`./bundle/${page}.tsx`, import.meta.url)) },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const code = outputs
    .flatMap((output) => output.output)
    .flatMap((file) => (file.type === 'chunk' ? [file.code] : []))
    .join('\n')
  return { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).byteLength }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const sizes = Object.fromEntries(await Promise.all(pages.map(async (page) => [page, await gzippedBytes(page)])))
const base = sizes['react-only'].gzip
const markdownAdds = sizes['react-markdown'].gzip - base
const palimpsestAdds = sizes.palimpsest.gzip - base
console.log('page | minified KB | gzip KB | adds over React (gzip KB)')
console.log('--- | --: | --: | --:')
for (const page of pages)
  console.log(`${page} | ${kb(sizes[page].raw)} | ${kb(sizes[page].gzip)} | ${kb(sizes[page].gzip - base)}`)
console.log(
  `\nTranscript + store adds ${kb(palimpsestAdds)} KB; react-markdown + remark-gfm add ${kb(markdownAdds)} KB; ` +
    `difference ${kb(palimpsestAdds - markdownAdds)} KB (target ≤ 15 KB: ${palimpsestAdds - markdownAdds <= 15 * 1024 ? 'met' : 'not met'})`,
)
