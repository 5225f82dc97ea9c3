import { fuzzDecoder } from './decoder-fuzz'

fuzzDecoder('devui')
