import { defineConfig } from 'vite'

const entries = ['acp', 'agentex', 'agent-framework', 'ag-ui', 'ai-sdk', 'openai', 'transports', 'traces']

export default defineConfig({
  build: {
    lib: {
      entry: Object.fromEntries(entries.map((name) => [name, `src/${name}/index.ts`])),
      formats: ['es'],
    },
    rollupOptions: { external: [/^@palimpsest\//, /^zustand/] },
    sourcemap: true,
    minify: false,
  },
})
