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

/**
 * The code subpath starts its tokenising worker with `new Worker(new URL('./tokenise-worker.ts',
 * import.meta.url), { type: 'module' })`, which Vite bundles as a worker where the sources are built
 * (the stories, tests and benchmarks). The published build keeps that expression instead, pointing
 * at `tokenise-worker.js`, the worker's own entry beside `code.js`, so that the application's bundler
 * (Vite, webpack, Next) bundles the worker, with the application's copy of Shiki.
 */
function keepTokeniseWorkerUrl(): Plugin {
  const source = "new URL('./tokenise-worker.ts', import.meta.url)"
  const placeholder = '__palimpsestTokeniseWorkerUrl__'
  return {
    name: 'palimpsest-keep-tokenise-worker-url',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/code/tokenise-client.ts')) return null
      if (!code.includes(source)) throw new Error(`tokenise-client.ts no longer starts its worker with ${source}`)
      return { code: code.replace(source, placeholder), map: null }
    },
    renderChunk(code) {
      if (!code.includes(placeholder)) return null
      return { code: code.replace(placeholder, "new URL('./tokenise-worker.js', import.meta.url)"), map: null }
    },
  }
}

// The published build is a production build whatever NODE_ENV the packing shell has (a test runner's
// `test` would compile JSX for React's development runtime, which production React does not export).
process.env.NODE_ENV = 'production'

export default defineConfig({
  plugins: [react(), copyStylesheet(), keepTokeniseWorkerUrl()],
  build: {
    lib: {
      // The main entry and one opt-in subpath per plugin, each loading its heavy library on first use.
      entry: {
        index: 'src/index.ts',
        code: 'src/code/index.ts',
        'tokenise-worker': 'src/code/tokenise-worker.ts',
        mermaid: 'src/mermaid/index.ts',
        links: 'src/links/index.ts',
        math: 'src/math/index.ts',
        virtual: 'src/virtual/index.ts',
        devtools: 'src/devtools/index.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      output: {
        // Every entry holds components or hooks: the directive lets a React Server Components app
        // (Next's App Router) import them from a server file, as client components. The worker
        // entry is not one.
        banner: (chunk) => (chunk.isEntry && chunk.name !== 'tokenise-worker' ? "'use client';" : ''),
      },
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
        /^micromark($|-)/,
        // Its browser build decodes with a DOM element: the app's bundler or Node picks the build.
        /^decode-named-character-reference/,
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
