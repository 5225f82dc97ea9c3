import type { StorybookConfig } from '@storybook/react-vite'
import { mergeConfig } from 'vite'
import { workspaceAliases } from '../scripts/workspace-aliases.ts'

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { resolve: { alias: workspaceAliases } }),
}

export default config
