import { fuzzDecoder } from './decoder-fuzz'

fuzzDecoder('ag-ui')
