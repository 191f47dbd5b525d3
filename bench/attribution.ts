/**
 * Where the H5 entry route's JavaScript comes from: every byte of the initial scripts (what
 * index.html loads plus the home page's own chunks) attributed through the source maps to its
 * package (or to src/), with each package's share of the gzip size.
 *
 *   H5_SOURCE_MAP=1 TARO_OUTPUT_ROOT=/tmp/h5-map npx taro build --type h5 --mode production
 *   node --import tsx bench/attribution.ts /tmp/h5-map
 *
 * A package's gzip share = the file's gzip size × (gzip of that package's bytes alone / sum of the
 * packages' gzip sizes alone): compressing pieces separately overstates each, so the shares are
 * scaled to the real total.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { SourceMapConsumer } from 'source-map'
import { kb, measureH5, ROOT } from './sizes'

export interface Attribution {
  total: number
  packages: Array<{ name: string; raw: number; gzip: number }>
}

function packageOf(source: string): string {
  const s = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '')
  const nm = s.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const rest = s.slice(nm + 'node_modules/'.length).split('/')
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  // Packages that ship their own source maps (Taro's runtime and H5 API) name their files
  // `../src/...`, which the source-map library normalises to `src/...` like ours: ours exist here.
  if (s.startsWith('src/')) return fs.existsSync(path.join(ROOT, s)) ? `src/${s.split('/')[1]}` : '@tarojs/runtime + @tarojs/taro (H5 API)'
  return '(webpack runtime and generated code)'
}

async function attributeFile(file: string): Promise<Map<string, string[]>> {
  const code = fs.readFileSync(file, 'utf8')
  const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))
  const pieces = new Map<string, string[]>()
  const lines = code.split('\n')
  await SourceMapConsumer.with(map, null, (consumer) => {
    const mappings: Array<{ line: number; column: number; source: string | null }> = []
    consumer.eachMapping((m) => mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }))
    mappings.sort((a, b) => a.line - b.line || a.column - b.column)
    let lineIndex = 0
    let column = 0
    let owner = '(webpack runtime and generated code)'
    const take = (toLine: number, toColumn: number) => {
      while (lineIndex < toLine - 1) {
        const text = (lines[lineIndex] ?? '').slice(column) + '\n'
        pieces.set(owner, [...(pieces.get(owner) ?? []), text])
        lineIndex++
        column = 0
      }
      const text = (lines[lineIndex] ?? '').slice(column, toColumn)
      if (text) pieces.set(owner, [...(pieces.get(owner) ?? []), text])
      column = toColumn
    }
    for (const m of mappings) {
      take(m.line, m.column)
      owner = m.source ? packageOf(m.source) : '(webpack runtime and generated code)'
    }
    take(lines.length, (lines.at(-1) ?? '').length)
  })
  return pieces
}

export async function attributeH5(dir: string): Promise<Attribution> {
  const sizes = measureH5(dir)
  const entry = sizes.routes['pages/tabBar/home']?.files ?? []
  const files = [...sizes.shell.files, ...entry].filter((f) => f.endsWith('.js')).map((f) => path.join(dir, f))
  for (const f of files) if (!fs.existsSync(`${f}.map`)) throw new Error(`${f}.map is missing: build with H5_SOURCE_MAP=1`)
  const raw = new Map<string, number>()
  const alone = new Map<string, number>()
  for (const file of files) {
    for (const [name, parts] of await attributeFile(file)) {
      const text = parts.join('')
      raw.set(name, (raw.get(name) ?? 0) + Buffer.byteLength(text))
      alone.set(name, (alone.get(name) ?? 0) + zlib.gzipSync(text, { level: 9 }).length)
    }
  }
  const total = sizes.initial.js
  const sumAlone = [...alone.values()].reduce((a, b) => a + b, 0)
  const packages = [...raw.keys()]
    .map((name) => ({ name, raw: raw.get(name)!, gzip: Math.round((total * alone.get(name)!) / sumAlone) }))
    .sort((a, b) => b.gzip - a.gzip)
  return { total, packages }
}

if (require.main === module) {
  const dir = process.argv[2] ?? path.join(__dirname, '..', 'dist', 'h5')
  attributeH5(dir)
    .then(({ total, packages }) => {
      console.log(`H5 entry route JS: ${kb(total)} gzip\n`)
      console.log('| package | minified | gzip share |\n|---|---:|---:|')
      for (const p of packages.filter((p) => p.gzip >= 512)) console.log(`| ${p.name} | ${kb(p.raw)} | ${kb(p.gzip)} |`)
      const rest = packages.filter((p) => p.gzip < 512)
      console.log(`| ${rest.length} others | ${kb(rest.reduce((n, p) => n + p.raw, 0))} | ${kb(rest.reduce((n, p) => n + p.gzip, 0))} |`)
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
