/** `@palimpsest/protocols/acp`: the Agent Client Protocol decoder. */
export { type AcpDecoder, type AcpDecoderOptions, type AcpWireMessage, createAcpDecoder } from './decoder'
