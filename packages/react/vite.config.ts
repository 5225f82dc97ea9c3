import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  build: {
    lib: { entry: { index: 'src/index.ts' }, formats: ['es'] },
    cssCodeSplit: false,
    rollupOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^@palimpsest\//, /^zustand/, /^react-markdown/, /^remark-gfm/],
      output: { assetFileNames: 'styles.css' },
    },
    sourcemap: true,
    minify: false,
  },
})
