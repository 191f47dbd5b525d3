// Checks the server's import graph: `node --import tsx scripts/check-server-modules.ts`.
// It reads every non-test .ts file under server/src, resolves its relative imports (type-only ones
// included), and fails with one line per violation of these rules:
//   file cycle    no file reaches itself through imports;
//   module cycle  no unit reaches itself through imports. A unit is a module
//                 (server/src/modules/<area>/<module>), an area's face (modules/<area>/index.ts),
//                 the route registration (modules/index.ts), a top-level folder (gateways, lib, db,
//                 plugins, seed) or a top-level file;
//   deep import   a file reaches into a folder with a face (an area, a module, gateways/pay…) only
//                 through that face's index.ts: another area through the area's index.ts, a module
//                 of its own area through the module's index.ts;
//   area order    an area uses only areas below it in AREAS (platform at the ground, office on top);
//   foreign table a *.table.ts is imported only by its own module, by another table (a foreign key)
//                 and by db/schema.ts; a face (index.ts) exports no table, only its type. Other
//                 modules read through functions and read views on the owner's face;
//   route write   a *.routes.ts validates, calls services and shapes the answer: it imports no
//                 repository (no *.repository.ts, no create…Repository from a face), no table and
//                 not drizzle-orm.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** File paths are relative to server/src, with forward slashes: `modules/partner-programme/clues/clues.service.ts`. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>

/** What the rules need of a file beyond its relative imports. */
export interface FileFacts {
  /** Names a face (index.ts) exports as values from a *.table.ts. */
  tableExports?: readonly string[]
  /** Packages it imports (bare specifiers). */
  packages?: readonly string[]
  /** Names it imports from other files. */
  names?: readonly string[]
}

/** The areas, lowest first: an area uses only the areas before it. */
export const AREAS = ['platform', 'partner-programme', 'roll', 'money', 'learning', 'points', 'office'] as const

export interface Violation {
  file: string
  import: string
  rule: 'file cycle' | 'module cycle' | 'deep import' | 'area order' | 'foreign table' | 'route write'
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

/** The unit a file belongs to: a module (modules/<area>/<module>), an area's face (modules/<area>), the registration (modules). */
export function unitOf(file: string): string {
  const parts = file.split('/')
  if (parts.length === 1) return parts[0]!.replace(/\.ts$/, '')
  if (parts[0] === 'modules') {
    if (parts.length === 2) return 'modules'
    if (parts.length === 3) return `modules/${parts[1]}`
    return `modules/${parts[1]}/${parts[2]}`
  }
  return parts[0]!
}

/** The area of a file under modules/<area>/, or undefined. */
export function areaOf(file: string): string | undefined {
  const parts = file.split('/')
  return parts[0] === 'modules' && parts.length > 2 ? parts[1] : undefined
}

/** The folders with a face: every area and module folder, and any other folder that has an index.ts. */
function faceFolders(files: Iterable<string>): Set<string> {
  const faces = new Set<string>()
  for (const file of files) {
    const parts = file.split('/')
    if (parts[0] === 'modules' && parts.length > 2) faces.add(`modules/${parts[1]}`)
    if (parts[0] === 'modules' && parts.length > 3) faces.add(`modules/${parts[1]}/${parts[2]}`)
    if (parts.length > 2 && parts.at(-1) === 'index.ts') faces.add(parts.slice(0, -1).join('/'))
    if (parts.length === 2 && parts[0] !== 'modules' && parts[1] === 'index.ts') faces.add(parts[0]!)
  }
  return faces
}

const inside = (file: string, folder: string): boolean => file.startsWith(`${folder}/`)

/** The outermost face folder holding `to` but not `from`: `to` must be its index.ts. */
function faceCrossed(from: string, to: string, faces: Set<string>): string | undefined {
  const parts = to.split('/')
  for (let n = 1; n < parts.length; n++) {
    const folder = parts.slice(0, n).join('/')
    if (!inside(from, folder) && faces.has(folder)) return folder
  }
  return undefined
}

/** The module folder (modules/<area>/<module>) or top-level folder that owns a table file. */
const ownerOf = (file: string): string => unitOf(file)

const isRoute = (file: string): boolean => file.endsWith('.routes.ts')
const isRepository = (file: string): boolean => file.endsWith('.repository.ts')
const REPOSITORY_NAME = /^create\w*Repository$/

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

/** Applies the rules to an import graph (pure: the tests feed it an in-memory graph). */
export function checkGraph(graph: ImportGraph, facts: ReadonlyMap<string, FileFacts> = new Map()): GraphReport {
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
      if (isTable(to) && !isTableEdge(from, to) && ownerOf(from) !== ownerOf(to)) {
        violations.push({
          file: from,
          import: to,
          rule: 'foreign table',
          detail: `read ${ownerOf(to)}'s views or functions through its face`,
        })
      }
      if (isRoute(from) && (isRepository(to) || isTable(to))) {
        violations.push({ file: from, import: to, rule: 'route write', detail: 'a route calls services, not repositories or tables' })
      }
      if (a === b || isTableEdge(from, to)) continue
      const [areaA, areaB] = [areaOf(from), areaOf(to)]
      if (areaA !== undefined && areaB !== undefined && areaA !== areaB) {
        const [i, j] = [AREAS.indexOf(areaA as never), AREAS.indexOf(areaB as never)]
        if (i < 0 || j < 0 || j > i) {
          violations.push({
            file: from,
            import: to,
            rule: 'area order',
            detail: `${areaA} may use only ${AREAS.slice(0, Math.max(i, 0)).join(', ') || 'no area'}`,
          })
        }
      }
      const face = faceCrossed(from, to, faces)
      if (face !== undefined && to !== `${face}/index.ts`) {
        violations.push({ file: from, import: to, rule: 'deep import', detail: `use ${face}/index.ts` })
      }
      if (!unitEdges.has(a)) unitEdges.set(a, new Map())
      if (!unitEdges.get(a)!.has(b)) unitEdges.get(a)!.set(b, `${from} -> ${to}`)
    }
  }
  for (const [file, fact] of [...facts].sort(([x], [y]) => x.localeCompare(y))) {
    for (const name of fact.tableExports ?? []) {
      violations.push({
        file,
        import: name,
        rule: 'foreign table',
        detail: 'a face exports no table (a view, a function or a type instead)',
      })
    }
    if (!isRoute(file)) continue
    if (fact.packages?.includes('drizzle-orm')) {
      violations.push({ file, import: 'drizzle-orm', rule: 'route write', detail: 'a route builds no SQL: call a service' })
    }
    for (const name of (fact.names ?? []).filter((n) => REPOSITORY_NAME.test(n))) {
      violations.push({ file, import: name, rule: 'route write', detail: 'a route calls services, not repositories' })
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

/** The facts of one file: its faces' table exports, its packages and the names it imports. */
function readFacts(path: string, text: string): FileFacts {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false)
  const tableExports: string[] = []
  const packages: string[] = []
  const names: string[] = []
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined
    if (specifier === undefined) continue
    if (!specifier.startsWith('.')) packages.push(specifier)
    if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings
      if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text))
    }
    if (ts.isExportDeclaration(statement) && path.endsWith('index.ts') && isTable(specifier) && !statement.isTypeOnly) {
      const clause = statement.exportClause
      if (clause === undefined) tableExports.push(`* from ${specifier}`)
      else if (ts.isNamedExports(clause)) tableExports.push(...clause.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text))
    }
  }
  return { tableExports, packages, names }
}

/** Reads server/src into an import graph and each file's facts (paths relative to `root`, imports leaving it dropped). */
export function readGraph(root: string): Map<string, string[]> {
  return readTree(root).graph
}

export function readTree(root: string): { graph: Map<string, string[]>; facts: Map<string, FileFacts> } {
  const graph = new Map<string, string[]>()
  const facts = new Map<string, FileFacts>()
  const key = (path: string): string => relative(root, path).split(sep).join('/')
  for (const path of walk(root)) {
    const text = readFileSync(path, 'utf8')
    const info = ts.preProcessFile(text, true, true)
    const imports = info.importedFiles
      .map((ref) => ref.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveImport(path, specifier))
      .filter((resolved): resolved is string => resolved !== undefined && !key(resolved).startsWith('..'))
      .map(key)
    graph.set(key(path), imports)
    facts.set(key(path), readFacts(path, text))
  }
  return { graph, facts }
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../server/src')
  const { graph, facts } = readTree(root)
  const report = checkGraph(graph, facts)
  if (report.violations.length > 0) {
    for (const violation of report.violations) console.error(formatViolation(violation))
    console.error(`server modules: ${report.violations.length} violation(s)`)
    process.exit(1)
  }
  console.log(
    `server modules: ${report.units} units, ${report.edges} edges, no cycle, every crossing through a face, areas in order, no foreign table, routes call services`,
  )
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
