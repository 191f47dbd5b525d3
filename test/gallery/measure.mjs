// Gzip size of what dist/h5/index.html loads on first paint (its <script> and <link> tags).
// Usage: node test/gallery/measure.mjs [dist/h5]
/* eslint-disable no-console -- a command-line report */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const dir = path.resolve(process.argv[2] ?? 'dist/h5')
const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
const files = [...html.matchAll(/(?:src|href)="\/?((?:js|css)\/[^"]+)"/g)].map((m) => m[1])
const total = { js: 0, css: 0 }
for (const f of files) {
  const buf = fs.readFileSync(path.join(dir, f))
  const gz = zlib.gzipSync(buf, { level: 9 }).length
  const kind = f.endsWith('.css') ? 'css' : 'js'
  total[kind] += gz
  console.log(`${f.padEnd(32)} ${String(buf.length).padStart(8)} B  ${String(gz).padStart(7)} B gzip`)
}
console.log(`initial JS ${(total.js / 1024).toFixed(1)} KB gzip, CSS ${(total.css / 1024).toFixed(1)} KB gzip`)
