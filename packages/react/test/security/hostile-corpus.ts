/**
 * Hostile agent output: every way a message could try to run script, load something, or confuse
 * the reader. Each payload that could run sets `window.__pwned` (or opens a dialog); each tracking
 * URL points at `/__tracker.gif` on the test server, so a request for it is observable.
 */
import type { AgentUpdate } from '@palimpsest/core'

export interface HostileMessage {
  name: string
  markdown: string
  /** Words the reader must still see. */
  words: string[]
}

const run = 'window.__pwned=1'
const base64Html = btoa(`<script>${run}</script>`)
const base64Svg = btoa(`<svg xmlns="http://www.w3.org/2000/svg" onload="${run}"/>`)

export const trackerPath = '/__tracker.gif'

export function hostileMessages(origin: string): HostileMessage[] {
  const tracker = (n: number) => `${origin}${trackerPath}?leak=${n}`
  return [
    {
      name: 'script schemes in inline links',
      markdown: `Click [alpha](javascript:${run}) or [bravo](vbscript:msgbox(1)) or [charlie](data:text/html;base64,${base64Html}).`,
      words: ['Click', 'alpha', 'bravo', 'charlie'],
    },
    {
      name: 'script schemes in reference links and definitions',
      markdown: `See [delta][d] and [echo][e].\n\n[d]: javascript:${run}\n[e]: <vbscript:msgbox(1)> "title"`,
      words: ['See', 'delta', 'echo'],
    },
    {
      name: 'script schemes in autolinks',
      markdown: `Go to <javascript:${run}> or <vbscript:msgbox(1)> or <data:text/html,foxtrot>.`,
      words: ['Go', 'to'],
    },
    {
      name: 'script schemes in images',
      markdown: `![golf](javascript:${run}) ![hotel](data:image/svg+xml;base64,${base64Svg}) ![india][i]\n\n[i]: vbscript:msgbox(1)`,
      words: ['golf', 'hotel', 'india'],
    },
    {
      name: 'raw HTML',
      markdown: [
        `<script>${run}</script>`,
        `<iframe src="javascript:${run}"></iframe>`,
        `<img src=x onerror="${run}">`,
        `<svg onload="${run}"><circle r="1"/></svg>`,
        `<a href="javascript:${run}">juliet</a> and inline <b onmouseover="${run}">kilo</b>`,
        `<style>body{display:none}</style><object data="javascript:${run}"></object><embed src="x">`,
        `<form action="javascript:${run}"><button formaction="javascript:${run}">lima</button></form>`,
      ].join('\n\n'),
      words: ['juliet', 'kilo', 'lima'],
    },
    {
      name: 'entities, encodings and case in schemes',
      markdown: [
        `[mike](&#106;avascript:${run})`,
        `[november](&#x6A;&#x61;vascript:${run})`,
        `[oscar](javascript&colon;${run})`,
        `[papa](JaVaScRiPt:${run})`,
        `[quebec](<java\tscript:${run}>)`,
        `[romeo](%6A%61vascript:${run})`,
        `[sierra]( javascript:${run})`,
      ].join(' '),
      words: ['mike', 'november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra'],
    },
    {
      name: 'tracking images',
      markdown: `Report ![tango](${tracker(1)}) ![uniform][t] <img src="${tracker(3)}">\n\n[t]: ${tracker(2)}`,
      words: ['Report', 'tango', 'uniform'],
    },
    {
      name: 'an extremely long line',
      markdown: `victor ${'x'.repeat(10_000)} whiskey ${'lorem '.repeat(2_000)}xray`,
      words: ['victor', 'whiskey', 'xray'],
    },
    {
      name: 'deeply nested lists and quotes',
      // Deeper nesting works too, but parsing it costs more than linear time (micromark): see README.
      markdown: `${Array.from({ length: 32 }, (_, i) => `${'  '.repeat(i)}- level${i}`).join('\n')}\n\n${'> '.repeat(48)}yankee`,
      words: ['level0', 'level31', 'yankee'],
    },
    {
      name: 'zero-width and bidi-override characters',
      markdown: 'zulu pay\u200Bpal.com invoice\u202Egnp.exe\u202C and \u2066isolated\u2069 text\u200D\uFEFF end',
      words: ['zulu', 'invoice', 'end'],
    },
  ]
}

const html = `<img src=x onerror="${run}"><script>${run}</script>`

/** Tool output, data and the other non-markdown parts, carrying HTML that must stay text. */
export function hostileParts(origin: string): AgentUpdate[] {
  return [
    { type: 'message-start', messageId: 'parts', role: 'assistant', author: `<b onclick="${run}">agent</b>` },
    {
      type: 'tool-call',
      messageId: 'parts',
      toolCallId: 'tool-1',
      name: `<script>${run}</script>`,
      title: `Run ${html}`,
      toolKind: 'execute',
      status: 'in_progress',
      input: { command: html, url: `javascript:${run}` },
    },
    {
      type: 'tool-call-update',
      toolCallId: 'tool-1',
      status: 'completed',
      output: { html, link: `javascript:${run}` },
      content: [
        { type: 'text', text: `tool text ${html}` },
        { type: 'terminal', terminalId: 'term', output: `$ echo ${html}` },
        { type: 'image', url: `javascript:${run}`, mimeType: 'image/png' },
        { type: 'image', url: `${origin}/__tracker.gif?leak=tool`, mimeType: 'image/png' },
        { type: 'file', url: `javascript:${run}`, name: 'evil.html' },
        { type: 'json', value: { html } },
      ],
      error: html,
    },
    { type: 'tool-call', messageId: 'parts', toolCallId: 'tool-2', title: 'Streamed input' },
    { type: 'tool-call-delta', toolCallId: 'tool-2', inputText: `{"html":"<img src=x onerror=\\"${run}\\">","n":[` },
    { type: 'data', messageId: 'parts', dataId: 'data-1', name: html, data: { html, nested: [html] } },
    { type: 'file', messageId: 'parts', url: `javascript:${run}`, name: 'report.html', mimeType: 'text/html' },
    { type: 'file', messageId: 'parts', url: `${origin}/__tracker.gif?leak=file`, mimeType: 'image/gif' },
    { type: 'source', messageId: 'parts', sourceId: 's1', url: `javascript:${run}`, title: `source ${html}` },
    { type: 'status', messageId: 'parts', statusId: 'st', text: `status ${html}` },
    { type: 'handoff', messageId: 'parts', to: html, reason: html },
    {
      type: 'approval-request',
      messageId: 'parts',
      requestId: 'r1',
      title: `Approve ${html}`,
      description: html,
      options: [{ optionId: 'ok', name: html, kind: 'allow_once' }],
    },
    { type: 'plan', messageId: 'parts', entries: [{ content: `plan ${html}`, status: 'pending' }] },
    { type: 'thought', messageId: 'parts', text: `thinking ${html} [x](javascript:${run})` },
    { type: 'error', messageId: 'parts', message: `error ${html}` },
  ]
}

/**
 * Hostile fences for the opt-in plugins (`@palimpsest/react/code`, `@palimpsest/react/mermaid`):
 * diagrams with click callbacks, scripts in labels and `javascript:` links, and code that tries to
 * close its `pre`. Streamed with Shiki highlighting and Mermaid rendering on.
 */
export function hostileFences(origin: string): HostileMessage[] {
  return [
    {
      name: 'mermaid click callbacks and javascript: links',
      markdown: [
        '```mermaid',
        'flowchart LR',
        '  A[alpha] --> B[bravo]',
        '  click A callback "tooltip"',
        `  click B "javascript:${run}"`,
        `  click A call alert(1)`,
        `  C[charlie] --> D["<a href='javascript:${run}'>delta</a>"]`,
        '```',
      ].join('\n'),
      words: ['alpha', 'bravo', 'charlie'],
    },
    {
      name: 'mermaid with script and images in labels',
      markdown: [
        '```mermaid',
        'flowchart TD',
        `  E["echo <script>${run}</script>"] --> F["<img src=x onerror=${run}>foxtrot"]`,
        `  F --> G["<img src='${origin}${trackerPath}?leak=mermaid'>golf"]`,
        '```',
      ].join('\n'),
      words: ['echo', 'foxtrot', 'golf'],
    },
    {
      name: 'mermaid init directives asking for a loose security level',
      markdown: [
        '```mermaid',
        `%%{init: {"securityLevel": "loose", "htmlLabels": true}}%%`,
        'flowchart LR',
        `  H["<b onmouseover=${run}>hotel</b>"] --> I[india]`,
        `  click H "javascript:${run}"`,
        '```',
      ].join('\n'),
      words: ['india'],
    },
    {
      name: 'code fences that try to close their pre',
      markdown: [
        'Juliet:',
        '```ts',
        `const kilo = "</code></pre><script>${run}</script><img src=x onerror=${run}>"`,
        '```',
        '```html',
        `</pre><script>${run}</script><iframe src="javascript:${run}"></iframe> lima`,
        '```',
        '```no-such-language',
        `</pre><script>${run}</script> mike`,
        '```',
      ].join('\n'),
      words: ['Juliet', 'kilo', 'lima', 'mike'],
    },
  ]
}

/**
 * Hostile TeX for the math syntax (`@palimpsest/react/math`): links and HTML asked of KaTeX
 * (refused: `trust` is off), a tracker loaded as a style or an image, a formula that never closes.
 * Streamed with math on.
 */
export function hostileTex(origin: string): HostileMessage[] {
  const tracker = `${origin}${trackerPath}?leak=tex`
  return [
    {
      name: 'tex links with script schemes',
      markdown: `Mike $$\\href{javascript:${run}}{click}$$ and $$\\url{javascript:${run}}$$ and $$\\href{${tracker}}{november}$$.`,
      words: ['Mike', 'and'],
    },
    {
      name: 'tex html extensions and images',
      markdown: [
        'Oscar:',
        '',
        '$$',
        `\\htmlClass{x" onmouseover="${run}}{a} + \\htmlId{pwn}{b} + \\htmlStyle{background:url(${tracker})}{c}`,
        `+ \\htmlData{onclick=${run}}{d} + \\includegraphics{${tracker}}`,
        '$$',
        '',
        'papa',
      ].join('\n'),
      words: ['Oscar', 'papa'],
    },
    {
      name: 'macros that expand without end',
      markdown: `Quebec $$\\def\\a{\\a\\a}\\a$$ and $$\\def\\x{\\x\\x\\x\\x}\\x$$ and $$\\newcommand{\\n}{\\n\\n}\\n$$ romeo`,
      words: ['Quebec', 'romeo'],
    },
    {
      name: 'macros that expand within maxExpand to a huge formula',
      markdown: [
        'Sierra',
        '',
        '\\[',
        `\\newcommand{\\a}{${'x'.repeat(68)}}\\newcommand{\\b}{${'\\a'.repeat(30)}}${'\\b'.repeat(30)}`,
        '\\]',
        '',
        `tango $$\\def\\c{${'y'.repeat(400)}}${'\\c'.repeat(900)}$$ ${`$$${'\\newcommand{\\d}{zz}\\renewcommand{\\d}{\\d\\d}'.repeat(9)}\\d$$ `.repeat(3)}`,
      ].join('\n'),
      words: ['Sierra', 'tango'],
    },
    {
      name: 'deeply nested fractions and long underbrace chains',
      markdown: [
        'Uniform',
        '',
        '$$',
        `${'\\frac{'.repeat(150)}x${'}{y}'.repeat(150)}`,
        '$$',
        '',
        '$$',
        Array.from({ length: 300 }, (_, i) => `\\underbrace{a+b}_{${i}}`).join('+'),
        '$$',
        '',
        `victor $$${'\\sqrt{'.repeat(400)}x${'}'.repeat(400)}$$ ${'{'.repeat(5000)}`,
      ].join('\n'),
      words: ['Uniform', 'victor'],
    },
    {
      name: 'huge rules and sizes',
      markdown: `Whiskey $$${'\\rule{1000em}{1000em}'.repeat(50)}$$ and $$\\Huge\\kern{1000em}x\\rule{9999em}{1em}$$ xray`,
      words: ['Whiskey', 'xray'],
    },
    {
      name: 'a 40 KB formula and many long formulas in one paragraph',
      markdown: `Yankee\n\n$$\n${'x+'.repeat(20000)}x\n$$\n\n${Array.from({ length: 12 }, () => `$$${'x+'.repeat(1000)}x$$`).join(' ')} zulu`,
      words: ['Yankee', 'zulu'],
    },
    {
      name: 'a formula that never closes',
      markdown: `Victor\n\n$$\n\\href{javascript:${run}}{whiskey} ${'x^{2} + '.repeat(40)}`,
      words: ['Victor'],
    },
  ]
}
