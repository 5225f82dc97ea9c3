import { fuzzDecoder } from './decoder-fuzz'

fuzzDecoder('agentex')
