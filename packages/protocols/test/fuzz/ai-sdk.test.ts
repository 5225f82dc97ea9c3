import { fuzzDecoder } from './decoder-fuzz'

fuzzDecoder('ai-sdk')
