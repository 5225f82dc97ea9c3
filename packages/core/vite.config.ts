import { defineConfig } from 'vite'

export default defineConfig({
  build: {
    lib: { entry: { index: 'src/index.ts' }, formats: ['es'] },
    rollupOptions: { external: [/^zustand/] },
    sourcemap: true,
    minify: false,
  },
})
