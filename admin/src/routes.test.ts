/**
 * routes.tsx names each screen by importing its file, so a missing file fails the typecheck and the
 * build instead of leaving the route out. Read as text: loading the table in Node would load every
 * icon of @ant-design/icons.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'

const source = fs.readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8')
/** The ROUTES table itself. */
const table = source.slice(source.indexOf('export const ROUTES'), source.indexOf('export const SCREENS'))
const IMPORT = /^\(\) => import\('\.\/pages\/([\w-]+\/\w+)'\)$/

test('every route imports its screen from src/pages/<area>/<Screen>.tsx, and the file is there', () => {
  const routes = [...table.matchAll(/\bpath: '/g)].length
  const screens = [...table.matchAll(/\bscreen: ([^,\n}]+)/g)].map((m) => m[1]!.trim())
  assert.ok(routes > 0)
  assert.equal(screens.length, routes, 'one screen per route')
  for (const screen of screens) {
    const file = IMPORT.exec(screen)?.[1]
    assert.ok(file, `${screen}: a screen is \`() => import('./pages/<area>/<Screen>')\`, not a name looked up at run time`)
    assert.ok(fs.existsSync(path.join(import.meta.dirname, 'pages', `${file}.tsx`)), `src/pages/${file}.tsx is missing`)
  }
  assert.doesNotMatch(source, /import\.meta\.glob/, 'no screen looked up in a glob, where a missing file is silently left out')
})
