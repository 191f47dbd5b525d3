/**
 * The operator console's build: served by the back-office at /admin/ (server/src/plugins/static-admin.ts),
 * written to dist/admin with a .br and .gz beside every text asset (served pre-compressed).
 * `npm run dev:admin`: Vite's dev server with watch, proxying /api to the back-office on :3000.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const here = import.meta.dirname
const outDir = process.env.ADMIN_DIR || path.resolve(here, '..', 'dist', 'admin')

/** Writes x.br and x.gz beside each text asset after the build (the server prefers them). */
function precompress(): Plugin {
  return {
    name: 'console-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue
        const raw = fs.readFileSync(file)
        if (raw.length < 1024) continue
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }))
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(raw, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        )
      }
    },
  }
}

/**
 * `virtual:antd-styles.css` (imported first by main.tsx): in a build, antd's styles for the console's
 * theme, rendered at build time (build/antd-styles.ts) and so part of the console's one stylesheet;
 * screens then take their rules from it instead of computing them. Empty under the dev server and in
 * a development build, whose class names differ from a production build's (antd computes its styles
 * there as before).
 */
function antdStaticStyles(): Plugin {
  const id = 'virtual:antd-styles.css'
  let build = false
  return {
    name: 'console-antd-styles',
    configResolved(config) {
      build = config.command === 'build'
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(source) {
      if (source !== `\0${id}`) return undefined
      // A development build's class names differ from a production one's too.
      if (!build || process.env.NODE_ENV !== 'production') return ''
      // Loaded here, not at the top: the dev server never needs antd on the server side.
      const [{ antdStyles }, { THEME }] = await Promise.all([import('./build/antd-styles.ts'), import('./src/theme.ts')])
      return antdStyles(THEME)
    },
  }
}

export default defineConfig({
  root: here,
  base: '/admin/',
  plugins: [react(), antdStaticStyles(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    // antd's rules scope themselves with :where() and logical properties (Chrome 88, Firefox 78, Safari 14.1): for an older
    // target the minifier would split every selector list to keep old browsers from dropping the
    // rule, doubling the stylesheet for browsers antd's styles do not support anyway.
    cssTarget: ['chrome88', 'edge88', 'firefox78', 'safari14.1'],
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: Number(process.env.ADMIN_DEV_PORT || 5173),
    proxy: { '/api': { target: process.env.ADMIN_API_TARGET || 'http://localhost:3000', changeOrigin: false } },
  },
})
