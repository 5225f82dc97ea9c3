import { fuzzDecoder } from './decoder-fuzz'

fuzzDecoder('openai-chat')
