import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { checkGraph, formatViolation, type ImportGraph } from './check-server-modules.ts'

const graph = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges))

// A small server: two modules with faces, lib below them, the route registration above.
const clean = {
  'lib/errors.ts': [],
  'db/columns.ts': [],
  'db/schema.ts': ['modules/a/a.table.ts', 'modules/b/b.table.ts'],
  'modules/a/a.table.ts': ['db/columns.ts', 'modules/b/b.table.ts'],
  'modules/a/a.service.ts': ['lib/errors.ts', 'modules/a/a.table.ts', 'modules/b/index.ts'],
  'modules/a/index.ts': ['modules/a/a.service.ts', 'modules/a/a.table.ts'],
  'modules/b/b.table.ts': ['db/columns.ts'],
  'modules/b/b.service.ts': ['lib/errors.ts', 'modules/b/b.table.ts'],
  'modules/b/index.ts': ['modules/b/b.service.ts', 'modules/b/b.table.ts'],
  'modules/index.ts': ['modules/a/index.ts', 'modules/b/index.ts'],
  'app.ts': ['modules/index.ts', 'lib/errors.ts'],
}

describe('checkGraph', () => {
  it('passes a layered graph, table edges and the schema included', () => {
    const report = checkGraph(graph(clean))
    assert.deepEqual(report.violations, [])
    assert.equal(report.units, 6) // lib, db, modules/a, modules/b, modules (the registration), app
  })

  it('reports a file cycle', () => {
    const report = checkGraph(graph({ ...clean, 'lib/errors.ts': ['lib/format.ts'], 'lib/format.ts': ['lib/errors.ts'] }))
    const cycles = report.violations.filter((v) => v.rule === 'file cycle')
    assert.equal(cycles.length, 1)
    assert.match(
      formatViolation(cycles[0]!),
      /lib\/errors\.ts: imports lib\/format\.ts: file cycle: lib\/errors\.ts -> lib\/format\.ts -> lib\/errors\.ts/,
    )
  })

  it('reports a module cycle made through faces, but not one made by table references', () => {
    const planted = { ...clean, 'modules/b/b.service.ts': ['lib/errors.ts', 'modules/b/b.table.ts', 'modules/a/index.ts'] }
    const report = checkGraph(graph(planted))
    const cycles = report.violations.filter((v) => v.rule === 'module cycle')
    assert.equal(cycles.length, 1)
    assert.match(cycles[0]!.detail, /modules\/a -> modules\/b -> modules\/a/)
    // b's table referring back to a's table is a foreign key, not a dependency.
    const tables = checkGraph(
      graph({ ...clean, 'modules/a/a.table.ts': ['db/columns.ts'], 'modules/b/b.table.ts': ['db/columns.ts', 'modules/a/a.table.ts'] }),
    )
    assert.deepEqual(tables.violations, [])
  })

  it("reports a deep import into another module, and into a folder's face", () => {
    const planted = {
      ...clean,
      'modules/a/a.service.ts': ['lib/errors.ts', 'modules/a/a.table.ts', 'modules/b/b.service.ts'],
      'gateways/pay/index.ts': ['gateways/pay/wechat.ts'],
      'gateways/pay/wechat.ts': [],
      'modules/b/b.service.ts': ['lib/errors.ts', 'modules/b/b.table.ts', 'gateways/pay/wechat.ts'],
    }
    const deep = checkGraph(graph(planted)).violations.filter((v) => v.rule === 'deep import')
    assert.deepEqual(deep.map(formatViolation), [
      'modules/a/a.service.ts: imports modules/b/b.service.ts: deep import: use modules/b/index.ts',
      'modules/b/b.service.ts: imports gateways/pay/wechat.ts: deep import: use gateways/pay/index.ts',
    ])
  })

  it('reports a table imported by a file that is not a table', () => {
    const planted = { ...clean, 'modules/a/a.service.ts': ['modules/a/a.table.ts', 'modules/b/b.table.ts'] }
    const deep = checkGraph(graph(planted)).violations.filter((v) => v.rule === 'deep import')
    assert.equal(deep.length, 1)
    assert.equal(deep[0]!.import, 'modules/b/b.table.ts')
  })
})
