import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { checkGraph, formatViolation, type FileFacts, type ImportGraph } from './check-server-modules.ts'

const graph = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges))
const facts = (of: Record<string, FileFacts>): Map<string, FileFacts> => new Map(Object.entries(of))

// A small server: module a (area roll) uses module b (area platform) through the platform's face;
// lib below them, the route registration above.
const clean = {
  'lib/errors.ts': [],
  'db/columns.ts': [],
  'db/schema.ts': ['modules/roll/a/a.table.ts', 'modules/platform/b/b.table.ts'],
  'modules/roll/a/a.table.ts': ['db/columns.ts', 'modules/platform/b/b.table.ts'],
  'modules/roll/a/a.repository.ts': ['modules/roll/a/a.table.ts', 'modules/platform/index.ts'],
  'modules/roll/a/a.service.ts': ['lib/errors.ts', 'modules/roll/a/a.repository.ts', 'modules/platform/index.ts'],
  'modules/roll/a/a.routes.ts': ['modules/roll/a/a.service.ts'],
  'modules/roll/a/index.ts': ['modules/roll/a/a.service.ts', 'modules/roll/a/a.routes.ts'],
  'modules/roll/index.ts': ['modules/roll/a/index.ts'],
  'modules/platform/b/b.table.ts': ['db/columns.ts'],
  'modules/platform/b/b.views.ts': ['modules/platform/b/b.table.ts'],
  'modules/platform/b/b.service.ts': ['lib/errors.ts', 'modules/platform/b/b.table.ts'],
  'modules/platform/b/index.ts': ['modules/platform/b/b.service.ts', 'modules/platform/b/b.views.ts'],
  'modules/platform/index.ts': ['modules/platform/b/index.ts'],
  'modules/index.ts': ['modules/roll/index.ts', 'modules/platform/index.ts'],
  'app.ts': ['modules/index.ts', 'lib/errors.ts'],
}

const rules = (report: ReturnType<typeof checkGraph>, rule: string) => report.violations.filter((v) => v.rule === rule)

describe('checkGraph', () => {
  it('passes a layered graph, table edges and the schema included', () => {
    const report = checkGraph(graph(clean))
    assert.deepEqual(report.violations, [])
    // lib, db, modules/roll/a, modules/roll, modules/platform/b, modules/platform, modules, app
    assert.equal(report.units, 8)
  })

  it('reports a file cycle', () => {
    const report = checkGraph(graph({ ...clean, 'lib/errors.ts': ['lib/format.ts'], 'lib/format.ts': ['lib/errors.ts'] }))
    const cycles = rules(report, 'file cycle')
    assert.equal(cycles.length, 1)
    assert.match(
      formatViolation(cycles[0]!),
      /lib\/errors\.ts: imports lib\/format\.ts: file cycle: lib\/errors\.ts -> lib\/format\.ts -> lib\/errors\.ts/,
    )
  })

  it('reports a module cycle made through faces, but not one made by table references', () => {
    const planted = {
      ...clean,
      'modules/roll/c/index.ts': ['modules/roll/c/c.service.ts'],
      'modules/roll/c/c.service.ts': ['modules/roll/a/index.ts'],
      'modules/roll/a/a.service.ts': ['lib/errors.ts', 'modules/roll/c/index.ts'],
    }
    const cycles = rules(checkGraph(graph(planted)), 'module cycle')
    assert.equal(cycles.length, 1)
    assert.match(cycles[0]!.detail, /modules\/roll\/a -> modules\/roll\/c -> modules\/roll\/a/)
    // b's table referring back to a's table is a foreign key, not a dependency.
    const tables = checkGraph(
      graph({
        ...clean,
        'modules/roll/a/a.table.ts': ['db/columns.ts'],
        'modules/platform/b/b.table.ts': ['db/columns.ts', 'modules/roll/a/a.table.ts'],
      }),
    )
    assert.deepEqual(tables.violations, [])
  })

  it("reports a deep import into another area, another module and a folder's face", () => {
    const planted = {
      ...clean,
      'modules/roll/a/a.service.ts': ['lib/errors.ts', 'modules/platform/b/index.ts'],
      'modules/roll/c/index.ts': ['modules/roll/c/c.service.ts'],
      'modules/roll/c/c.service.ts': ['modules/roll/a/a.service.ts'],
      'gateways/pay/index.ts': ['gateways/pay/wechat.ts'],
      'gateways/pay/wechat.ts': [],
      'modules/platform/b/b.service.ts': ['lib/errors.ts', 'modules/platform/b/b.table.ts', 'gateways/pay/wechat.ts'],
    }
    assert.deepEqual(rules(checkGraph(graph(planted)), 'deep import').map(formatViolation), [
      'modules/platform/b/b.service.ts: imports gateways/pay/wechat.ts: deep import: use gateways/pay/index.ts',
      'modules/roll/a/a.service.ts: imports modules/platform/b/index.ts: deep import: use modules/platform/index.ts',
      'modules/roll/c/c.service.ts: imports modules/roll/a/a.service.ts: deep import: use modules/roll/a/index.ts',
    ])
  })

  it('reports an area that uses an area above it', () => {
    const planted = { ...clean, 'modules/platform/b/b.service.ts': ['lib/errors.ts', 'modules/roll/index.ts'] }
    const order = rules(checkGraph(graph(planted)), 'area order')
    assert.deepEqual(order.map(formatViolation), [
      'modules/platform/b/b.service.ts: imports modules/roll/index.ts: area order: platform may use only no area',
    ])
  })

  it("reports another module's table imported by anything but a table, and a face that exports a table", () => {
    const planted = { ...clean, 'modules/roll/a/a.service.ts': ['modules/platform/b/b.table.ts'] }
    const foreign = rules(checkGraph(graph(planted)), 'foreign table')
    assert.deepEqual(
      foreign.map((v) => v.import),
      ['modules/platform/b/b.table.ts'],
    )
    const exported = rules(checkGraph(graph(clean), facts({ 'modules/platform/b/index.ts': { tableExports: ['b'] } })), 'foreign table')
    assert.equal(exported.length, 1)
    assert.equal(exported[0]!.file, 'modules/platform/b/index.ts')
  })

  it('reports a route that reaches a repository, a table or drizzle-orm', () => {
    const planted = { ...clean, 'modules/roll/a/a.routes.ts': ['modules/roll/a/a.repository.ts', 'modules/roll/a/a.table.ts'] }
    const writes = rules(
      checkGraph(
        graph(planted),
        facts({ 'modules/roll/a/a.routes.ts': { packages: ['drizzle-orm', 'zod'], names: ['createBRepository', 'listB'] } }),
      ),
      'route write',
    )
    assert.deepEqual(writes.map((v) => v.import).sort(), [
      'createBRepository',
      'drizzle-orm',
      'modules/roll/a/a.repository.ts',
      'modules/roll/a/a.table.ts',
    ])
  })
})
