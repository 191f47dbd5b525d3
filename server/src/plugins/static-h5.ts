import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'
import { appCsp, inlineScriptHashes } from '../lib/security-headers.ts'

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i
/** What the build writes beside a text asset (config/index.ts): brotli and gzip copies. */
const COMPRESSED_COPY = /\.(br|gz)$/
// /admin is the operator console's (static-admin.ts), with its own policy and fallback.
const NOT_APP = /^\/(api|docs|uploads|files|admin|live)(\/|$)/

/**
 * The `Link` header announcing each page's own files (preload.json, written by the build's
 * config/chunk-map-plugin.ts): the page's lazy chunk then downloads beside the shell's scripts
 * instead of after the shell has booted and asked for it.
 */
function pagePreloads(h5Dir: string): Map<string, string> {
  const file = path.join(h5Dir, 'preload.json')
  const links = new Map<string, string>()
  if (!fs.existsSync(file)) return links
  const byPath = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>
  for (const [pathname, files] of Object.entries(byPath)) {
    const parts = files
      .filter((f) => /\.(js|css)$/.test(f))
      .map((f) => `</${f}>; rel=preload; as=${f.endsWith('.css') ? 'style' : 'script'}`)
    if (parts.length) links.set(pathname, parts.join(', '))
  }
  return links
}

/**
 * Serves the built H5 app from `h5Dir` when it has an index.html: files as they are (hashed assets
 * cached for a year, index.html never), and history-mode deep links (any GET outside /api and
 * /docs without a file extension) get index.html, under the app's Content-Security-Policy.
 * A browser that accepts Brotli (else gzip) gets the copy the build compressed once (`x.js.br`,
 * `x.js.gz`), never a compression made per request.
 */
export const staticH5Plugin = fp<{ h5Dir: string; connectOrigins: string[]; frameHostPatterns: string[] }>(
  async (app, { h5Dir, connectOrigins, frameHostPatterns }) => {
    const index = path.join(h5Dir, 'index.html')
    if (!fs.existsSync(index)) {
      app.log.debug({ h5Dir }, 'no built H5 app; not serving it')
      return
    }
    // The app's policy, with the hashes of the inline scripts of the index.html being served.
    const csp = appCsp({ scriptHashes: inlineScriptHashes(fs.readFileSync(index, 'utf8')), connectOrigins, frameHostPatterns })
    const preloads = pagePreloads(h5Dir)
    // Every answer outside /api, /docs, /uploads, /files, /admin and /live (the stand-in live room), not only text/html ones: a 304 to a reload
    // carries no content type, and the browser replaces the cached page's headers with its own.
    app.addHook('onSend', async (request, reply, payload) => {
      if (NOT_APP.test(request.url)) return payload
      reply.header('Content-Security-Policy', csp)
      const link = preloads.get(request.url.split('?')[0] ?? '/')
      if (link && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('Link', link)
      return payload
    })
    await app.register(fastifyStatic, {
      root: h5Dir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, sentPath) => {
        // The caching of a compressed copy is the caching of its original.
        const filePath = sentPath.replace(COMPRESSED_COPY, '')
        // Shared caches must keep the Brotli, gzip and plain answers apart.
        res.setHeader('Vary', 'Accept-Encoding')
        if (path.basename(filePath) === 'index.html') res.setHeader('Cache-Control', 'no-cache')
        else if (HASHED.test(filePath)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        else res.setHeader('Cache-Control', 'public, max-age=3600')
      },
    })
    app.notFoundFallbacks.push((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false
      const pathname = request.url.split('?')[0] ?? '/'
      if (NOT_APP.test(pathname) || path.posix.extname(pathname) !== '') return false
      reply.header('Cache-Control', 'no-cache')
      void reply.sendFile('index.html', h5Dir)
      return true
    })
  },
  { name: 'staticH5', dependencies: ['errors'] },
)
