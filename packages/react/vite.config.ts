import { copyFileSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * The stylesheet is optional, so no JS module imports it: the build copies `src/styles.css` to
 * `dist/styles.css`, which users opt into with `import '@palimpsest/react/styles.css'`.
 */
function copyStylesheet(): Plugin {
  return {
    name: 'palimpsest-copy-stylesheet',
    apply: 'build',
    closeBundle() {
      const dist = fileURLToPath(new URL('./dist/', import.meta.url))
      mkdirSync(dist, { recursive: true })
      copyFileSync(fileURLToPath(new URL('./src/styles.css', import.meta.url)), `${dist}styles.css`)
    },
  }
}

export default defineConfig({
  plugins: [react(), copyStylesheet()],
  build: {
    lib: {
      // The main entry and one opt-in subpath per plugin, each loading its heavy library on first use.
      entry: {
        index: 'src/index.ts',
        code: 'src/code/index.ts',
        mermaid: 'src/mermaid/index.ts',
        links: 'src/links/index.ts',
        math: 'src/math/index.ts',
        virtual: 'src/virtual/index.ts',
        devtools: 'src/devtools/index.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: [
        /^react($|\/)/,
        /^react-dom($|\/)/,
        /^@palimpsest\//,
        /^zustand/,
        /^remark-/,
        /^rehype-/,
        /^katex/,
        /^unified/,
        /^mdast-util-/,
        /^micromark-/,
        /^hast-util-/,
        /^html-url-attributes/,
        /^unist-util-/,
        /^shiki/,
        /^mermaid/,
        /^@tanstack\//,
      ],
    },
    sourcemap: true,
    minify: false,
  },
})
