import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { escapeHtml } from '../lib/html.ts'

const PREFIX = '/admin'
const CONSOLE = /^\/admin(\/|$)/

/**
 * The operator console's policy. Scripts: only its own files (Vite writes no inline script).
 * Styles need 'unsafe-inline': Ant Design's components read theirs from the built stylesheet, but
 * components' style attributes and a component the built stylesheet lacks still write styles at run
 * time (CSS-in-JS). Images:
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
 * The console's index.html carrying the school's name: in its <title> (the browser tab), in
 * <meta name="school-name"> (the console's title and sign-in screen read it there, with no call of
 * their own before the first paint) and in the frame's shell (`<!--shell-->…<!--/shell-->`, the side
 * menu's place and the name, painted before any script runs).
 */
export function withSchoolName(html: string, name: string): string {
  const text = escapeHtml(name)
  return (
    html
      // Replacer functions: a name's `$&` or `$1` is text, not a replacement pattern.
      .replace(/<title>[^<]*<\/title>/, () => `<title>${text}</title>`)
      .replace(/(<meta name="school-name" content=")[^"]*(")/, (_m, open: string, close: string) => `${open}${text}${close}`)
      .replace(/(<h1 class="console-shell__name">)[^<]*(<\/h1>)/, (_m, open: string, close: string) => `${open}${text}${close}`)
  )
}

/** The sign-in screen has no frame: its page goes without the shell. */
function withoutShell(html: string): string {
  return html.replace(/<!--shell-->[\s\S]*?<!--\/shell-->/, '')
}

const SIGN_IN = /^\/admin\/signIn\/?$/

/**
 * Serves the built operator console (`admin/`, `npm run build:admin`) from `adminDir` at /admin/
 * when it has an index.html: Vite's hashed assets (under assets/) cached for a year, index.html
 * never; `.br`/`.gz` written beside each file by the build sent to browsers that take them; any
 * other GET under /admin without a file extension (a deep link such as /admin/partners/12) gets
 * index.html, and every answer under /admin carries the console's own Content-Security-Policy.
 * index.html is sent with the school's name (`schoolName`, read per load: a change in 设置 shows on
 * the next load in every process); when it cannot be read, as built (the product's name). The
 * sign-in address gets it without the frame's shell.
 */
export const staticAdminPlugin = fp<{ adminDir: string; schoolName?: () => Promise<string> }>(
  async (app, { adminDir, schoolName }) => {
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
      // index.html is rendered below, with the school's name.
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(adminDir, filePath).split(path.sep)
        if (relative[0] === 'assets') res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        else res.setHeader('Cache-Control', 'public, max-age=3600')
      },
    })
    // Read per request: a rebuilt console is served without a restart.
    const page = async (pathname: string) => {
      const built = await fs.promises.readFile(index, 'utf8')
      const html = SIGN_IN.test(pathname) ? withoutShell(built) : built
      const name = await schoolName?.().catch((error: unknown) => {
        app.log.warn({ err: error }, "the school's name could not be read; the console carries the product's")
        return undefined
      })
      return name ? withSchoolName(html, name) : html
    }
    const sendPage = (pathname: string, reply: FastifyReply) =>
      page(pathname).then(
        (html) => reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html),
        (error: unknown) => reply.send(error),
      )
    for (const url of [`${PREFIX}/`, `${PREFIX}/index.html`])
      app.get(url, { schema: { hide: true } }, (_request, reply) => sendPage(url, reply))
    app.notFoundFallbacks.unshift((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false
      const pathname = request.url.split('?')[0] ?? '/'
      if (!CONSOLE.test(pathname) || path.posix.extname(pathname) !== '') return false
      void sendPage(pathname, reply)
      return true
    })
  },
  { name: 'staticAdmin', dependencies: ['errors'] },
)
