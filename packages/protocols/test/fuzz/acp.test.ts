import { fuzzDecoder } from './decoder-fuzz'

fuzzDecoder('acp')
