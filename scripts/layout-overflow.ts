/**
 * What a phone-width reader would see as broken layout: the page scrolling sideways, or an element
 * whose content pokes out of its box (wider than the box, which neither scrolls nor clips it).
 * Runs in the browser on the rendered story.
 */
export function layoutOverflow(root: Element): string[] {
  const problems: string[] = []
  const page = document.documentElement
  if (page.scrollWidth > page.clientWidth) {
    problems.push(`the page scrolls sideways: ${page.scrollWidth} px of content in ${page.clientWidth} px`)
  }
  const overflowing: HTMLElement[] = []
  const hasFormulas = root.querySelector('.katex') !== null
  for (const element of root.querySelectorAll('*')) {
    if (!(element instanceof HTMLElement)) continue
    // A formula's inner boxes overlap by design (KaTeX's struts and stacked lists); the formula's
    // own box, and the display block holding it, are checked.
    if (hasFormulas && element.parentElement?.closest('.katex')) continue
    const style = getComputedStyle(element)
    // Inline boxes have no width of their own; a box that scrolls or clips keeps its content inside.
    if (style.display === 'inline' || style.display === 'contents' || style.display === 'none') continue
    if (style.overflowX !== 'visible') continue
    // A pixel of rounding is not a visible overflow.
    if (element.scrollWidth > element.clientWidth + 1) overflowing.push(element)
  }
  // Every ancestor of an overflowing box overflows too: name the innermost ones.
  for (const element of overflowing) {
    if (overflowing.some((other) => other !== element && element.contains(other))) continue
    problems.push(`${describe(element)} holds ${element.scrollWidth} px of content in ${element.clientWidth} px`)
  }
  return problems
}

function describe(element: Element): string {
  const data = [...element.attributes]
    .filter((attribute) => attribute.name.startsWith('data-'))
    .map((attribute) => (attribute.value ? `[${attribute.name}="${attribute.value}"]` : `[${attribute.name}]`))
    .join('')
  const parent = element.parentElement
  const within = parent && parent.id !== 'storybook-root' ? ` in ${parent.tagName.toLowerCase()}` : ''
  return `<${element.tagName.toLowerCase()}${data}>${within}`
}
