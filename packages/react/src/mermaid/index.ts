export { isFenceClosed } from './fence-closed'
export { createMermaidBlock, MermaidBlock, type MermaidBlockOptions } from './MermaidBlock'
export { MermaidDiagram, type MermaidDiagramProps, MermaidTimeoutError, renderMermaid } from './MermaidDiagram'
