/** The floor: chunks appended to one text node in a `<pre>`, no markdown at all. */
import { installBenchApi } from './bench-api'
import type { Renderer } from './renderer'

const rawAppend: Renderer = {
  name: 'raw-append',
  mount(host, options) {
    const pre = document.createElement('pre')
    pre.style.whiteSpace = 'pre-wrap'
    const node = document.createTextNode('')
    pre.append(node)
    host.append(pre)
    let pending = ''
    const natural = options.schedule === 'natural'
    return {
      push(chunk) {
        if (natural) node.appendData(chunk)
        else pending += chunk
      },
      clear() {
        pending = ''
        node.data = ''
      },
      replace(text) {
        pending = ''
        node.data = text
      },
      commit() {
        if (pending) node.appendData(pending)
        pending = ''
      },
      finish() {
        this.commit()
      },
      textRoot: () => pre,
      markup: () => pre.innerHTML,
      unmount: () => pre.remove(),
    }
  },
  mountMany(host, texts) {
    const list = document.createElement('div')
    for (const text of texts) {
      const pre = document.createElement('pre')
      pre.style.whiteSpace = 'pre-wrap'
      pre.textContent = text
      list.append(pre)
    }
    host.append(list)
    return () => list.remove()
  },
}

installBenchApi(rawAppend)
