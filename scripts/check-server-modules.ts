// Checks the server's import graph: `node --import tsx scripts/check-server-modules.ts`.
// It reads every non-test .ts file under server/src, resolves its relative imports (type-only ones
// included), and fails with one line per violation of these rules:
//   file cycle    no file reaches itself through imports;
//   module cycle  no unit reaches itself through imports. A unit is a folder under
//                 server/src/modules, server/src/modules/index.ts (route registration), a
//                 top-level folder (gateways, lib, db, plugins, seed), or a top-level file;
//   deep import   a file outside a module imports only that module's index.ts. The same holds
//                 for any other folder with an index.ts (gateways/pay).
// Table edges are left out of the module rules: a *.table.ts file may import another module's
// *.table.ts for its foreign keys, and db/schema.ts gathers every table for Drizzle.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** File paths are relative to server/src, with forward slashes: `modules/partner-programme/clues/clues.service.ts`. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>

export interface Violation {
  file: string
  import: string
  rule: 'file cycle' | 'module cycle' | 'deep import'
  detail: string
}

export interface GraphReport {
  units: number
  edges: number
  violations: Violation[]
}

const SCHEMA_AGGREGATE = 'db/schema.ts'

const isTable = (file: string): boolean => file.endsWith('.table.ts')

/** A table edge: a table (or the schema that gathers them) importing a table. */
const isTableEdge = (from: string, to: string): boolean => isTable(to) && (isTable(from) || from === SCHEMA_AGGREGATE)

/** The unit a file belongs to. */
export function unitOf(file: string): string {
  const parts = file.split('/')
  if (parts.length === 1) return parts[0]!.replace(/\.ts$/, '')
  if (parts[0] === 'modules') return parts.length === 2 ? 'modules' : `modules/${parts[1]}`
  return parts[0]!
}

/** The folders with a face: every module folder, and any other folder that has an index.ts. */
function faceFolders(files: Iterable<string>): Set<string> {
  const faces = new Set<string>()
  for (const file of files) {
    const parts = file.split('/')
    if (parts[0] === 'modules' && parts.length > 2) faces.add(`modules/${parts[1]}`)
    if (parts.length > 1 && parts.at(-1) === 'index.ts') faces.add(parts.slice(0, -1).join('/'))
  }
  return faces
}

const inside = (file: string, folder: string): boolean => file.startsWith(`${folder}/`)

/** The innermost face folder holding `to` but not `from`: `to` must be its index.ts. */
function faceCrossed(from: string, to: string, faces: Set<string>): string | undefined {
  const parts = to.split('/')
  for (let n = parts.length - 1; n >= 1; n--) {
    const folder = parts.slice(0, n).join('/')
    if (inside(from, folder)) return undefined
    if (faces.has(folder)) return folder
  }
  return undefined
}

/** Cycles in a directed graph, each as the path that closes it (first node repeated at the end). */
function findCycles(nodes: Iterable<string>, next: (node: string) => readonly string[]): string[][] {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const cycles: string[][] = []
  const visit = (node: string): void => {
    state.set(node, 'open')
    stack.push(node)
    for (const to of next(node)) {
      const seen = state.get(to)
      if (seen === 'open') cycles.push([...stack.slice(stack.indexOf(to)), to])
      else if (seen === undefined) visit(to)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of [...nodes].sort()) if (!state.has(node)) visit(node)
  return cycles
}

/** Applies the three rules to an import graph (pure: the tests feed it an in-memory graph). */
export function checkGraph(graph: ImportGraph): GraphReport {
  const violations: Violation[] = []
  const files = [...graph.keys()].sort()
  const faces = faceFolders(files)
  const targets = (file: string): string[] => [...new Set(graph.get(file) ?? [])].filter((to) => graph.has(to)).sort()

  for (const cycle of findCycles(files, targets)) {
    violations.push({ file: cycle[0]!, import: cycle[1]!, rule: 'file cycle', detail: cycle.join(' -> ') })
  }

  // Unit edges, each remembering one file edge that makes it, for the message.
  const unitEdges = new Map<string, Map<string, string>>()
  const units = new Set<string>()
  for (const from of files) {
    units.add(unitOf(from))
    for (const to of targets(from)) {
      const [a, b] = [unitOf(from), unitOf(to)]
      if (a === b || isTableEdge(from, to)) continue
      const face = faceCrossed(from, to, faces)
      if (face !== undefined && to !== `${face}/index.ts`) {
        violations.push({ file: from, import: to, rule: 'deep import', detail: `use ${face}/index.ts` })
      }
      if (!unitEdges.has(a)) unitEdges.set(a, new Map())
      if (!unitEdges.get(a)!.has(b)) unitEdges.get(a)!.set(b, `${from} -> ${to}`)
    }
  }
  const unitNext = (unit: string): string[] => [...(unitEdges.get(unit)?.keys() ?? [])].sort()
  for (const cycle of findCycles(units, unitNext)) {
    const via = cycle.slice(0, -1).map((unit, i) => unitEdges.get(unit)!.get(cycle[i + 1]!)!)
    const [file, to] = via[0]!.split(' -> ') as [string, string]
    violations.push({ file, import: to, rule: 'module cycle', detail: `${cycle.join(' -> ')} (via ${via.join(', ')})` })
  }

  const edges = [...unitEdges.values()].reduce((sum, to) => sum + to.size, 0)
  return { units: units.size, edges, violations }
}

/** One readable line per violation. */
export const formatViolation = (v: Violation): string => `${v.file}: imports ${v.import}: ${v.rule}: ${v.detail}`

const isTest = (file: string): boolean => /\.test\.ts$/.test(file)

function walk(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return walk(path)
    return name.endsWith('.ts') && !name.endsWith('.d.ts') && !isTest(name) ? [path] : []
  })
}

function resolveImport(fromPath: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromPath), specifier)
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]
  return candidates.find((path) => path.endsWith('.ts') && existsSync(path) && statSync(path).isFile())
}

/** Reads server/src into an import graph (paths relative to `root`, imports leaving it dropped). */
export function readGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  const key = (path: string): string => relative(root, path).split(sep).join('/')
  for (const path of walk(root)) {
    const info = ts.preProcessFile(readFileSync(path, 'utf8'), true, true)
    const imports = info.importedFiles
      .map((ref) => ref.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveImport(path, specifier))
      .filter((resolved): resolved is string => resolved !== undefined && !key(resolved).startsWith('..'))
      .map(key)
    graph.set(key(path), imports)
  }
  return graph
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../server/src')
  const report = checkGraph(readGraph(root))
  if (report.violations.length > 0) {
    for (const violation of report.violations) console.error(formatViolation(violation))
    console.error(`server modules: ${report.violations.length} violation(s)`)
    process.exit(1)
  }
  console.log(`server modules: ${report.units} units, ${report.edges} edges, no cycle, every cross-module import through index.ts`)
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
