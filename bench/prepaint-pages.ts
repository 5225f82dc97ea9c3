/**
 * Why block pages are stacking contexts: a static page (no React) with N pages of 64 blocks in a
 * scroller appends text at the end for 150 frames, traced; prints Chromium's pre-paint, layout,
 * paint and layerize per frame for each variant of the page CSS. Without `isolation: isolate` on the
 * pages pre-paint grows with N (it walks every block each frame); with it, it stays flat.
 *
 *   npx tsx bench/prepaint-pages.ts [variant,...]
 */
import { launchBrowser } from './browser-session'
import { traceMainThread } from './main-thread-trace'

const variants: Record<string, { pages: number; css: string; scroll: boolean; wrap?: string }> = {
  'flat-3pages': { pages: 3, css: '', scroll: true },
  'flat-30pages': { pages: 30, css: '', scroll: true },
  'flat-30pages-noscroll': { pages: 30, css: '', scroll: false },
  'flex-30pages': { pages: 30, css: '.w{display:flex;flex-direction:column;gap:8px}', scroll: true, wrap: 'w' },
  'flex-3pages': { pages: 3, css: '.w{display:flex;flex-direction:column;gap:8px}', scroll: true, wrap: 'w' },
  'no-scroller-30': { pages: 30, css: '#s{overflow:visible;height:auto}', scroll: false },
  'cv-auto-30': {
    pages: 30,
    css: '.page:not(#last){content-visibility:auto;contain-intrinsic-size:auto 2000px}',
    scroll: true,
  },
  'contain-layout-30': { pages: 30, css: '.page:not(#last){contain:layout}', scroll: true },
  'contain-paint-30': { pages: 30, css: '.page:not(#last){contain:paint}', scroll: true },
  'isolate-30': { pages: 30, css: '.page:not(#last){isolation:isolate}', scroll: true },
  'flowroot-30': { pages: 30, css: '.page{display:flow-root}', scroll: true },
  'last-layer-30': { pages: 30, css: '#last{will-change:transform}', scroll: true },
  'isolate-all-30': { pages: 30, css: '.page{isolation:isolate}', scroll: true },
  'isolate-all-3': { pages: 3, css: '.page{isolation:isolate}', scroll: true },
  'isolate-all-90': { pages: 90, css: '.page{isolation:isolate}', scroll: true },
  'flat-90pages': { pages: 90, css: '', scroll: true },
  'contain-style-30': { pages: 30, css: '.page:not(#last){contain:style}', scroll: true },
  'contain-size-30': { pages: 30, css: '.page:not(#last){contain:size layout;height:5000px}', scroll: true },
}
const which = process.argv[2]?.split(',') ?? Object.keys(variants)
const frames = 150
const browser = await launchBrowser({ unthrottledFrames: true })
for (const name of which) {
  const v = variants[name]!
  const page = await browser.newPage()
  const para =
    'Lorem ipsum dolor sit amet, <code>consectetur</code> adipiscing <em>elit</em>, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. '
  const pageHtml = `<div class="page">${Array.from({ length: 64 }, (_, i) => (i % 7 === 3 ? `<ul><li>${para}</li><li>two</li></ul>` : `<p>${para}</p>`)).join('')}</div>`
  const w = (inner: string) => (v.wrap ? `<div class="${v.wrap}"><div class="${v.wrap}">${inner}</div></div>` : inner)
  await page.setContent(
    `<style>body{margin:0;font:15px/1.5 sans-serif}#s{width:760px;height:640px;overflow:auto;scrollbar-gutter:stable;padding:12px}${v.css}</style><div id="s">${w(`<div id="md">${pageHtml.repeat(v.pages)}<div class="page" id="last"></div></div>`)}</div>`,
  )
  const cdp = await page.context().newCDPSession(page)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  const { events } = await traceMainThread(cdp, () =>
    page.evaluate(`new Promise((resolve) => {
    const last = document.getElementById('last'); const s = document.getElementById('s'); let frame = 0; let p
    const para = ${JSON.stringify(para)}
    function step() {
      if (frame % 4 === 0) { p = document.createElement('p'); last.append(p) }
      p.insertAdjacentHTML('beforeend', para.slice(0, 60))
      if (${v.scroll}) s.scrollTop = s.scrollHeight
      if (++frame < ${frames}) requestAnimationFrame(step); else resolve()
    }
    requestAnimationFrame(step)
  })`),
  )
  const sum = (name: string) =>
    events.filter((event) => event.name === name).reduce((total, event) => total + (event.dur ?? 0), 0) / 1000 / frames
  console.log(
    `${name.padEnd(24)} PrePaint ${sum('PrePaint').toFixed(3)}  Layout ${sum('Layout').toFixed(3)}  Paint ${sum('Paint').toFixed(3)}  Layerize ${sum('Layerize').toFixed(3)}`,
  )
  await page.close()
}
await browser.close()
