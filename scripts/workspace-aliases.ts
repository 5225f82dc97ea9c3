/** Workspace packages resolve to their sources in tests, Storybook and benchmarks (no build needed). */
import { fileURLToPath } from 'node:url'

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url))

export const workspaceAliases = [
  { find: /^@palimpsest\/core$/, replacement: root('packages/core/src/index.ts') },
  { find: /^@palimpsest\/protocols\/(.+)$/, replacement: root('packages/protocols/src/$1/index.ts') },
  { find: /^@palimpsest\/react$/, replacement: root('packages/react/src/index.ts') },
  { find: /^@palimpsest\/react\/devtools$/, replacement: root('packages/react/src/devtools/index.ts') },
  {
    find: /^@palimpsest\/react\/(code|mermaid|links|math|virtual)$/,
    replacement: root('packages/react/src/$1/index.ts'),
  },
]
