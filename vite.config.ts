/**
 * Shared Vite/Vitest configuration: source aliases for the workspace packages (tests and
 * Storybook run against `src`, not `dist`) and the Vitest projects of the whole suite.
 */
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumLaunchOptions } from './scripts/chromium.ts'
import { workspaceAliases } from './scripts/workspace-aliases.ts'

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** `react` and `react-dom` (and their subpaths) resolved to the React 18 of scripts/react18. */
const react18Aliases = [
  ...['react', 'react-dom'].flatMap((name) => [
    { find: new RegExp(`^${name}$`), replacement: root(`./scripts/react18/node_modules/${name}`) },
    { find: new RegExp(`^${name}/(.*)$`), replacement: root(`./scripts/react18/node_modules/${name}/$1`) },
  ]),
  // Testing Library's ES module build, loaded by Vite, so that it renders with React 18 too (its
  // CommonJS entry would require the workspace's React 19).
  {
    find: /^@testing-library\/react$/,
    replacement: root('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js'),
  },
]

/** A fresh object per project: Vitest writes each instance's resolved name into it. */
const chromiumBrowser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: chromiumLaunchOptions() }),
  instances: [{ browser: 'chromium' as const }],
  viewport: { width: 1024, height: 768 },
  screenshotFailures: false,
})

export default defineConfig({
  plugins: [react()],
  resolve: { alias: workspaceAliases },
  // The opt-in plugins import these on first use; pre-bundled up front so a test does not reload mid-run.
  optimizeDeps: { include: ['mermaid', 'shiki/core', 'shiki/engine/javascript', 'shiki/langs', 'shiki/textmate'] },
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
          // Property tests that render many streamed documents take 2-5 s alone and up to three times
          // that beside the rest of the suite on two cores. How long a test takes is not what it checks
          // (speed is the benchmarks' business), so a loaded machine must not fail it.
          testTimeout: 30_000,
        },
      },
      {
        // The server rendering and hydration tests, the parts' refs, props and open state, and the settled
        // HTML strings, again on React 18 (installed in scripts/react18).
        extends: true,
        resolve: { alias: react18Aliases },
        test: {
          name: 'react18',
          environment: 'jsdom',
          include: [
            'packages/react/test/ssr/**/*.test.{ts,tsx}',
            'packages/react/test/parts/**/*.test.{ts,tsx}',
            // A finished message's HTML strings must parse to what this React version writes.
            'packages/react/test/markdown/settled-html.test.tsx',
          ],
          setupFiles: ['scripts/jsdom-setup.ts'],
          // Loaded by Vite, so that their `react` and `react-dom` imports are React 18's too.
          server: { deps: { inline: ['react-markdown', '@tanstack/react-virtual', /@testing-library\/react/] } },
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
            'remark-parse',
            'remark-rehype',
            'unified',
            'mdast-util-from-markdown',
            'mdast-util-gfm',
            'mdast-util-gfm-footnote',
            'mdast-util-gfm-strikethrough',
            'mdast-util-gfm-table',
            'mdast-util-gfm-task-list-item',
            'mdast-util-to-hast',
            'micromark-util-character',
            'micromark-util-sanitize-uri',
            'micromark-extension-gfm',
            'hast-util-to-jsx-runtime',
            'html-url-attributes',
            'unist-util-visit',
            'zustand',
            'zustand/vanilla',
          ],
        },
        test: {
          name: 'chromium',
          include: ['packages/*/test/**/*.browser.test.{ts,tsx}'],
          // One file at a time: these tests sample animation frames, and a busy sibling tab starves them.
          fileParallelism: false,
          browser: chromiumBrowser(),
        },
      },
      {
        // Every story rendered in Chromium, with its play function and the a11y checks.
        extends: true,
        plugins: [storybookTest({ configDir: root('./.storybook') })],
        test: {
          name: 'storybook',
          browser: chromiumBrowser(),
          // A play may wait on live timer-driven streams (the dashboard's sixteen agents), which a
          // loaded machine slows well past the default 15 s.
          testTimeout: 60_000,
        },
      },
      {
        // Every story at a phone's width (the `phone360` viewport of .storybook/preview.tsx): nothing
        // may scroll the page sideways or poke out of its box (scripts/phone-width-setup.ts).
        extends: true,
        plugins: [
          storybookTest({ configDir: root('./.storybook'), initialGlobals: { viewport: { value: 'phone360' } } }),
        ],
        test: {
          name: 'storybook-phone',
          browser: chromiumBrowser(),
          testTimeout: 60_000,
          setupFiles: ['scripts/phone-width-setup.ts'],
          // The check reads every element's layout: over the 3,000 messages of the long transcript
          // story that took over 30 s in a CI dry run while the other story projects ran beside it.
          hookTimeout: 120_000,
        },
      },
      {
        // A quick run of the benchmark harness, so it keeps working (the full run is `npm run bench`).
        extends: true,
        test: {
          name: 'bench-smoke',
          environment: 'node',
          include: ['bench/**/*.smoke.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      {
        // The example app (examples/chat) in Chromium, against its own server.
        extends: true,
        test: {
          name: 'example-chat',
          environment: 'node',
          include: ['examples/*/test/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The packed packages installed with npm outside the workspace (needs the npm registry or its cache).
        extends: true,
        test: {
          name: 'pack',
          environment: 'node',
          include: ['scripts/pack.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        // The static build, opened story by story in Chromium.
        extends: true,
        test: {
          name: 'storybook-static',
          environment: 'node',
          include: ['scripts/storybook-static.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
})
