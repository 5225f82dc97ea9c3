/**
 * The markdown of every CommonMark spec example, then of every GFM example and mixed document. Node
 * only: `commonmark-spec` reads its spec from disk (browser tests import the spec text themselves).
 */
import { tests as commonmarkExamples } from 'commonmark-spec'
import { gfmExamples } from './gfm-examples'

export const exampleDocuments: readonly string[] = [
  ...commonmarkExamples.map((example) => example.markdown),
  ...gfmExamples.map((example) => example.markdown),
]
