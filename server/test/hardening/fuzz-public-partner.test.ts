import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildTestApp, POSTGRES_RUN_ONLY } from '../helper.ts'
import { fuzzRoutes } from './fuzz.ts'

test(
  'every public and partner route answers hostile input with a Chinese envelope, never a 5xx, and writes nothing when it refuses',
  { skip: POSTGRES_RUN_ONLY },
  async (context) => {
    const t = await buildTestApp()
    try {
      const report = await fuzzRoutes({ app: t.app, select: (r) => r.access?.kind !== 'admin' })
      context.diagnostic(
        `${report.routes} routes, ${report.requests} requests, ${report.refusals} refusals; by status ${JSON.stringify(report.byStatus)}`,
      )
      assert.ok(report.routes >= 40, `routes fuzzed: ${report.routes}`)
      assert.ok(report.refusals > report.requests / 2, JSON.stringify(report))
    } finally {
      await t.close()
    }
  },
)
