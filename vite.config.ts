/**
 * Shared Vite/Vitest configuration: source aliases for the workspace packages (tests and
 * Storybook run against `src`, not `dist`) and the Vitest projects of the whole suite.
 */
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumLaunchOptions } from './scripts/chromium.ts'

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export const workspaceAliases = [
  { find: /^@palimpsest\/core$/, replacement: root('./packages/core/src/index.ts') },
  { find: /^@palimpsest\/protocols\/(.+)$/, replacement: root('./packages/protocols/src/$1/index.ts') },
  { find: /^@palimpsest\/react$/, replacement: root('./packages/react/src/index.ts') },
]

export default defineConfig({
  plugins: [react()],
  resolve: { alias: workspaceAliases },
  test: {
    projects: [
      {
        // Core and protocols: plain Node, no DOM.
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/core/test/**/*.test.ts', 'packages/protocols/test/**/*.test.ts'],
          exclude: ['**/*.browser.test.*'],
        },
      },
      {
        // React behaviour and render counts (Testing Library).
        extends: true,
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: ['packages/react/test/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.*'],
          setupFiles: ['scripts/jsdom-setup.ts'],
        },
      },
      {
        // What only a real browser shows: paint, layout shift, scrolling, focus, security.
        extends: true,
        optimizeDeps: {
          include: [
            'react',
            'react-dom',
            'react-dom/client',
            'react-markdown',
            'remark-gfm',
            'zustand',
            'zustand/vanilla',
          ],
        },
        test: {
          name: 'chromium',
          include: ['packages/*/test/**/*.browser.test.{ts,tsx}'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1024, height: 768 },
            screenshotFailures: false,
          },
        },
      },
    ],
  },
})
