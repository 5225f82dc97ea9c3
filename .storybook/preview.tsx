import type { Decorator, Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'
import '../packages/react/src/styles.css'
import './preview.css'

// Play functions wait on streams, timers and lazy imports (KaTeX, Shiki, Mermaid). On a loaded two-core
// CI machine testing-library's default second was not always enough; a longer wait changes only how
// long a failing check takes to report, not what passes.
configure({ asyncUtilTimeout: 10_000 })

/** Light/dark from the toolbar; the library's stylesheet reads `data-theme`. */
const withTheme: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light'
  document.documentElement.dataset.theme = theme
  return (
    <div className="sb-palimpsest-canvas" data-theme={theme}>
      <Story />
    </div>
  )
}

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Light or dark theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    options: {
      storySort: {
        order: ['Introduction', 'Getting started', 'Flicker-free reset', 'Components', 'Scenarios', 'Devtools'],
      },
    },
    controls: { expanded: true },
    // A phone's width, in the viewport toolbar; the `storybook-phone` test project renders every story at it.
    viewport: { options: { phone360: { name: 'Phone (360 px)', styles: { width: '360px', height: '740px' } } } },
    // Accessibility violations fail the story tests, not just warn in the panel.
    a11y: { test: 'error' },
  },
}

export default preview
