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

export default defineConfig({
  root: here,
  base: '/admin/',
  plugins: [react(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: Number(process.env.ADMIN_DEV_PORT || 5173),
    proxy: { '/api': { target: process.env.ADMIN_API_TARGET || 'http://localhost:3000', changeOrigin: false } },
  },
})
