import { fuzzDecoder } from './decoder-fuzz'

fuzzDecoder('agent-framework')
