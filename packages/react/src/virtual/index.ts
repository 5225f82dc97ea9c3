/** The virtualised transcript: only the messages near the viewport are in the DOM. */
export { defaultOverscan, VirtualTranscript, type VirtualTranscriptProps } from './VirtualTranscript'
