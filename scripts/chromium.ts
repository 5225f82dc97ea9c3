/** Debian's Chromium (installed by .ci/setup --browser), never a downloaded browser. */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv && existsSync(fromEnv)) return fromEnv
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (existsSync(candidate)) return candidate
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Launch options for playwright-core / Vitest's Playwright provider. */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  const executablePath = chromiumPath()
  if (!executablePath && process.env.CI)
    throw new Error('Chromium not found: run `bash .ci/setup --browser` or set CHROMIUM_PATH')
  return { executablePath, args: chromiumArgs }
}
