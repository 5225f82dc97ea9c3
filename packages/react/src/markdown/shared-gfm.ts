/**
 * remark-gfm builds and combines its micromark and mdast extensions each time a processor is
 * created, and react-markdown creates one per render (of every block, and per splitter parse). The
 * extensions hold no state of their own (parse and compile state lives in the parser and compiler
 * contexts), so they are built once and the same objects are handed to every processor.
 */
import type { Options } from 'react-markdown'
import remarkGfm from 'remark-gfm'

type RemarkPlugin = NonNullable<Options['remarkPlugins']>[number]

const extensionKeys = ['micromarkExtensions', 'fromMarkdownExtensions', 'toMarkdownExtensions'] as const

type ExtensionData = Partial<Record<(typeof extensionKeys)[number], unknown[]>>

interface ProcessorWithData {
  data(): ExtensionData
}

let built: ExtensionData | undefined

function gfmExtensions(): ExtensionData {
  if (!built) {
    const data: ExtensionData = {}
    const collector: ProcessorWithData = { data: () => data }
    ;(remarkGfm as (this: ProcessorWithData) => void).call(collector)
    built = data
  }
  return built
}

/** remark-gfm (default options) with its extensions built once. */
export const sharedGfm = function sharedGfm(this: ProcessorWithData) {
  const data = this.data()
  const extensions = gfmExtensions()
  for (const key of extensionKeys) {
    const list = data[key] ?? []
    data[key] = list
    list.push(...(extensions[key] ?? []))
  }
} as RemarkPlugin
