/**
 * The example's one server: the chat API (the AI SDK's `streamText` over the mock model, sent as
 * a UI message stream), the recorded protocol traces replayed over SSE, and the page (Vite in
 * middleware mode, the workspace packages resolved to their sources).
 *
 *   npm start            (PORT=5180 by default)
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { convertToModelMessages, stepCountIs, streamText, tool, type UIMessage } from 'ai'
import { createServer as createViteServer } from 'vite'
import { z } from 'zod'
import { workspaceAliases } from '../../scripts/workspace-aliases'
import { createMockModel } from './mock-model'
import { replayedTraces } from './src/replayed-traces'

const root = fileURLToPath(new URL('.', import.meta.url))
const tracesDir = fileURLToPath(new URL('../../packages/protocols/src/traces/data/', import.meta.url))

const tools = {
  getForecast: tool({
    description: 'The weekend forecast for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({
      city,
      saturday: { sky: 'sunny', celsius: 24 },
      sunday: { sky: 'cloudy', celsius: 19 },
    }),
  }),
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let body = ''
  for await (const chunk of request) body += chunk
  return JSON.parse(body)
}

async function chat(request: IncomingMessage, response: ServerResponse, model: ReturnType<typeof createMockModel>) {
  const { messages } = (await readJson(request)) as { messages: UIMessage[] }
  const result = streamText({
    model,
    messages: await convertToModelMessages(messages),
    tools,
    stopWhen: stepCountIs(3),
  })
  result.pipeUIMessageStreamToResponse(response)
}

/** One recorded trace as server-sent events, at its recorded pace (each wait capped at `maxDelayMs`). */
async function replay(name: string, response: ServerResponse, maxDelayMs: number) {
  if (!replayedTraces.some((trace) => trace.name === name)) return void response.writeHead(404).end()
  const trace = JSON.parse(readFileSync(`${tracesDir}${name}.json`, 'utf8')) as {
    events: { delayMs?: number; wire: unknown }[]
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
  for (const event of trace.events) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(event.delayMs ?? 0, maxDelayMs)))
    if (response.destroyed) return
    response.write(`data: ${JSON.stringify(event.wire)}\n\n`)
  }
  response.end()
}

export interface ExampleServer {
  url: string
  close(): Promise<void>
}

export async function startExampleServer({ port = 5180, chunkDelayInMs = 15, maxReplayDelayMs = 250 } = {}) {
  const vite = await createViteServer({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: workspaceAliases },
    server: { middlewareMode: true, hmr: false },
    appType: 'spa',
  })
  const model = createMockModel(chunkDelayInMs)
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (request.method === 'POST' && url.pathname === '/api/chat')
      return void chat(request, response, model).catch((error) => response.writeHead(500).end(String(error)))
    const trace = url.pathname.match(/^\/api\/traces\/([\w-]+)$/)
    if (request.method === 'GET' && trace) return void replay(trace[1] as string, response, maxReplayDelayMs)
    vite.middlewares(request, response)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await vite.close()
    },
  } satisfies ExampleServer
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = await startExampleServer({ port: Number(process.env.PORT ?? 5180) })
  console.log(`Palimpsest chat example: ${server.url}`)
}
