import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A real local HTTP server for client tests: the far side of the request wrapper. It records
 * every request as it arrived (method, path, query, headers, raw body, parsed form) and answers
 * from a route table. It answers CORS, preflights included, with credentials for the asking
 * origin, because jsdom enforces CORS like a browser does.
 */
export interface ReceivedRequest {
  method: string
  /** The path without the query. */
  path: string
  /** The raw query string, without '?'. */
  rawQuery: string
  query: Record<string, string | string[]>
  headers: http.IncomingHttpHeaders
  body: string
  /** The body read as a form (for POST/PUT). */
  form: Record<string, string | string[]>
}

export interface Reply {
  status?: number
  /** An object is sent as JSON; a string as is. */
  body?: unknown
  headers?: Record<string, string | string[]>
  /** Answer after this many ms. */
  delayMs?: number
}

export type Handler = (req: ReceivedRequest) => Reply | Promise<Reply>

export interface TestServer {
  /** http://localhost:<port> */
  url: string
  port: number
  /** Requests received, preflights excluded. */
  requests: ReceivedRequest[]
  /** Answers `METHOD /path` (exact path). A later `on` for the same key replaces the earlier. */
  on: (key: string, reply: Reply | Handler) => void
  /** The last request to `METHOD /path`. */
  last: (key: string) => ReceivedRequest | undefined
  reset: () => void
  close: () => Promise<void>
}

function pairsToRecord(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [k, v] of params) {
    const prev = out[k]
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v]
  }
  return out
}

/** The `{code, message, data}` envelope. */
export function envelope(data: unknown = null, code = 0, message = code === 0 ? 'ok' : '') {
  return { code, message, data }
}

export async function startTestServer(host = 'localhost'): Promise<TestServer> {
  const routes = new Map<string, Reply | Handler>()
  const requests: ReceivedRequest[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const origin = req.headers.origin
        const cors: Record<string, string> = origin
          ? {
              'access-control-allow-origin': origin,
              'access-control-allow-credentials': 'true',
              'access-control-expose-headers': 'set-cookie',
              vary: 'origin',
            }
          : {}
        if (req.method === 'OPTIONS') {
          res.writeHead(204, {
            ...cors,
            'access-control-allow-methods': 'GET,POST,PUT,DELETE,OPTIONS',
            'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
            'access-control-max-age': '0',
          })
          res.end()
          return
        }
        const url = new URL(req.url ?? '/', 'http://localhost')
        const body = Buffer.concat(chunks).toString('utf8')
        const contentType = String(req.headers['content-type'] ?? '')
        const received: ReceivedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          rawQuery: url.search.replace(/^\?/, ''),
          query: pairsToRecord(url.searchParams),
          headers: req.headers,
          body,
          form: contentType.includes('application/x-www-form-urlencoded') ? pairsToRecord(new URLSearchParams(body)) : {},
        }
        requests.push(received)
        const route = routes.get(`${received.method} ${received.path}`)
        let reply: Reply
        try {
          reply = !route
            ? { status: 404, body: envelope(null, 100000005, `no route ${received.method} ${received.path}`) }
            : typeof route === 'function'
              ? await route(received)
              : route
        } catch (err) {
          reply = { status: 500, body: envelope(null, 100000500, String(err)) }
        }
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs))
        const isText = typeof reply.body === 'string'
        const payload = reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body)
        res.writeHead(reply.status ?? 200, {
          ...cors,
          'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
          ...reply.headers,
        })
        res.end(payload)
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    on: (key, reply) => void routes.set(key, reply),
    last: (key) => [...requests].reverse().find((r) => `${r.method} ${r.path}` === key),
    reset: () => {
      requests.length = 0
      routes.clear()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
