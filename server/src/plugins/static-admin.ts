import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'

const PREFIX = '/admin'
const CONSOLE = /^\/admin(\/|$)/

/**
 * The operator console's policy. Scripts: only its own files (Vite writes no inline script).
 * Styles need 'unsafe-inline': Ant Design writes its styles at run time (CSS-in-JS). Images:
 * partners' avatars come from WeChat. Calls: this origin only (the API is on it). Media: a
 * course video chosen for upload is read from a blob: address (its length, before sending), and a
 * stored one is previewed from its signed address, on an object store's https origin when the
 * storage is S3-compatible.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "media-src 'self' blob: https:",
  "connect-src 'self'",
  "frame-src 'none'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

/**
 * Serves the built operator console (`admin/`, `npm run build:admin`) from `adminDir` at /admin/
 * when it has an index.html: Vite's hashed assets (under assets/) cached for a year, index.html
 * never; `.br`/`.gz` written beside each file by the build sent to browsers that take them; any
 * other GET under /admin without a file extension (a deep link such as /admin/partners/12) gets
 * index.html, and every answer under /admin carries the console's own Content-Security-Policy.
 */
export const staticAdminPlugin = fp<{ adminDir: string }>(
  async (app, { adminDir }) => {
    const index = path.join(adminDir, 'index.html')
    if (!fs.existsSync(index)) {
      app.log.debug({ adminDir }, 'no built operator console; not serving it')
      return
    }
    app.addHook('onSend', async (request, reply, payload) => {
      if (CONSOLE.test(request.url)) reply.header('Content-Security-Policy', ADMIN_CSP)
      return payload
    })
    await app.register(fastifyStatic, {
      root: adminDir,
      prefix: `${PREFIX}/`,
      // The H5 app's registration decorates reply.sendFile; this one must not decorate it twice.
      decorateReply: false,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(adminDir, filePath).split(path.sep)
        if (relative.join('/').replace(/\.(br|gz)$/, '') === 'index.html') res.setHeader('Cache-Control', 'no-cache')
        else if (relative[0] === 'assets') res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        else res.setHeader('Cache-Control', 'public, max-age=3600')
      },
    })
    app.notFoundFallbacks.unshift((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false
      const pathname = request.url.split('?')[0] ?? '/'
      if (!CONSOLE.test(pathname) || path.posix.extname(pathname) !== '') return false
      // Read per request: a rebuilt console is served without a restart.
      void fs.promises.readFile(index).then(
        (html) => reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html),
        (error: unknown) => reply.send(error),
      )
      return true
    })
  },
  { name: 'staticAdmin', dependencies: ['errors'] },
)
