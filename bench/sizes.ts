/**
 * Deterministic size figures of the builds in dist/: the H5 initial JS and CSS (gzip) of the
 * entry route (what index.html loads plus the home page's own chunks) and each route's own
 * chunks, and the mini-programs' main package and subpackages. Used by `npm run bench` and by
 * the size budgets in `npm test`.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export const ROOT = path.resolve(__dirname, '..')

export interface H5Sizes {
  /** gzip bytes of the scripts and styles index.html loads. */
  shell: { js: number; css: number; files: string[] }
  /** gzip bytes of each route's own chunks (JS, CSS), by page path. */
  routes: Record<string, { js: number; css: number; files: string[] }>
  /** Shell plus the entry route's own chunks: what the first screen loads. */
  initial: { js: number; css: number }
}

export interface MiniSizes {
  /** Raw bytes of the main package (everything outside the subpackage roots). */
  main: number
  subPackages: Record<string, number>
  total: number
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? walk(p) : [p]
  })
}

/** Reads dist/h5 and the chunk map the H5 build writes (dist/h5/chunk-map.json, see config). */
export function measureH5(dir = path.join(ROOT, 'dist', 'h5')): H5Sizes {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
  const shellFiles = [...html.matchAll(/(?:src|href)="\/((?:js|css)\/[^"]+)"/g)].map((m) => m[1] as string)
  const sum = (files: string[], ext: string) => files.filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzipSize(path.join(dir, f)), 0)
  const shell = { js: sum(shellFiles, '.js'), css: sum(shellFiles, '.css'), files: shellFiles }
  const mapFile = path.join(dir, 'chunk-map.json')
  const chunkMap: Record<string, string[]> = fs.existsSync(mapFile) ? JSON.parse(fs.readFileSync(mapFile, 'utf8')) : {}
  const routes: H5Sizes['routes'] = {}
  for (const [route, files] of Object.entries(chunkMap)) {
    const own = files.filter((f) => !shellFiles.includes(f))
    routes[route] = { js: sum(own, '.js'), css: sum(own, '.css'), files: own }
  }
  const entry = routes['pages/tabBar/home'] ?? { js: 0, css: 0 }
  return { shell, routes, initial: { js: shell.js + entry.js, css: shell.css + entry.css } }
}

export function measureMini(platform: 'weapp' | 'alipay'): MiniSizes {
  const dir = path.join(ROOT, 'dist', platform)
  const app = JSON.parse(fs.readFileSync(path.join(dir, 'app.json'), 'utf8')) as { subPackages?: Array<{ root: string }> }
  const roots = (app.subPackages ?? []).map((s) => s.root)
  const subPackages: Record<string, number> = Object.fromEntries(roots.map((r) => [r, 0]))
  let main = 0
  for (const file of walk(dir)) {
    const rel = path.relative(dir, file).split(path.sep).join('/')
    if (/\.(map|LICENSE\.txt)$/.test(rel) || rel === 'project.config.json' || rel === 'mini.project.json') continue
    const size = fs.statSync(file).size
    const root = roots.find((r) => rel.startsWith(`${r}/`))
    if (root) subPackages[root] = (subPackages[root] ?? 0) + size
    else main += size
  }
  return { main, subPackages, total: main + Object.values(subPackages).reduce((a, b) => a + b, 0) }
}

export interface ConsoleSizes {
  /** gzip bytes of the scripts the sign-in screen loads: index.html's entry and its static imports, and the screen's own. */
  signIn: number
  /** The signed-in screen that loads the most script (with the entry and the signed-in frame), and its gzip bytes. */
  largest: { screen: string; js: number }
}

/**
 * The console's script per screen, from the built files in dist/admin (Vite names a screen's chunk
 * after its file, `ClueList-<hash>.js`): a chunk's static imports are its `from"./x.js"` and
 * `import"./x.js"`; a screen loads the entry's closure, the frame's (ConsoleLayout) and its own.
 */
export function measureConsole(dir = path.join(ROOT, 'dist', 'admin')): ConsoleSizes {
  const assets = path.join(dir, 'assets')
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
  const entry = /<script type="module"[^>]*src="\/admin\/assets\/([^"]+\.js)"/.exec(html)?.[1]
  if (!entry) throw new Error(`no entry script in ${dir}/index.html`)
  const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'))
  const imports = new Map<string, string[]>()
  const importsOf = (file: string) => {
    let found = imports.get(file)
    if (!found) {
      const code = fs.readFileSync(path.join(assets, file), 'utf8')
      found = [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1] as string)
      imports.set(file, found)
    }
    return found
  }
  const closure = (file: string, into = new Set<string>()) => {
    if (into.has(file)) return into
    into.add(file)
    for (const next of importsOf(file)) closure(next, into)
    return into
  }
  const sizes = new Map<string, number>()
  const gz = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(path.join(assets, file)))
    return sizes.get(file) as number
  }
  const total = (set: Set<string>) => [...set].reduce((n, f) => n + gz(f), 0)
  const chunk = (name: string) => {
    const file = files.find((f) => f.startsWith(`${name}-`))
    if (!file) throw new Error(`no ${name} chunk in ${assets}`)
    return file
  }
  const base = closure(entry)
  const signIn = total(closure(chunk('SignIn'), new Set(base)))
  const frame = closure(chunk('ConsoleLayout'), new Set(base))
  // Every chunk named after a screen file under admin/src/pages (an upper-case first letter).
  const screens = new Set(
    fs
      .readdirSync(path.join(ROOT, 'admin', 'src', 'pages'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\/[A-Z]\w+\.tsx$/.test(f))
      .map((f) => path.basename(f, '.tsx')),
  )
  let largest = { screen: '', js: 0 }
  for (const file of files) {
    const screen = file.replace(/-[\w-]{8}\.js$/, '')
    if (!screens.has(screen) || screen === 'SignIn') continue
    const js = total(closure(file, new Set(frame)))
    if (js > largest.js) largest = { screen, js }
  }
  return { signIn, largest }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

if (require.main === module) {
  const h5 = measureH5()
  console.log(`H5 shell: JS ${kb(h5.shell.js)} gzip, CSS ${kb(h5.shell.css)} gzip`)
  console.log(`H5 initial (entry route): JS ${kb(h5.initial.js)} gzip, CSS ${kb(h5.initial.css)} gzip`)
  for (const [route, s] of Object.entries(h5.routes)) console.log(`  ${route}: JS ${kb(s.js)}, CSS ${kb(s.css)}`)
  if (fs.existsSync(path.join(ROOT, 'dist', 'admin', 'index.html'))) {
    const c = measureConsole()
    console.log(`console sign-in: JS ${kb(c.signIn)} gzip; largest screen ${c.largest.screen}: JS ${kb(c.largest.js)} gzip`)
  }
  for (const p of ['weapp', 'alipay'] as const) {
    if (!fs.existsSync(path.join(ROOT, 'dist', p, 'app.json'))) continue
    const m = measureMini(p)
    console.log(
      `${p}: main ${kb(m.main)}, total ${kb(m.total)}; ${Object.entries(m.subPackages)
        .map(([r, s]) => `${r} ${kb(s)}`)
        .join(', ')}`,
    )
  }
}
