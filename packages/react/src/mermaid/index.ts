export { isFenceClosed } from './fence-closed'
export { createMermaidBlock, MermaidBlock, type MermaidBlockOptions } from './MermaidBlock'
export { MermaidDiagram, type MermaidDiagramProps, renderMermaid } from './MermaidDiagram'
