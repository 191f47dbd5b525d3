/**
 * packages/api-types/src/openapi.ts (the console's and the client's request and response types)
 * is generated from this server's OpenAPI document: a schema changed without regenerating it
 * fails here. Run on PGlite only: the document does not depend on the database, and the
 * PostgreSQL run (DATABASE_URL) would only repeat it.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { test } from 'node:test'
import { API_TYPES_FILE, renderApiTypes } from '../../../scripts/api-types.ts'

test(
  'packages/api-types/src/openapi.ts is what the current schemas generate',
  { skip: process.env.DATABASE_URL ? 'PGlite run only (the document does not depend on the database)' : false },
  async () => {
    const expected = await renderApiTypes()
    const actual = fs.existsSync(API_TYPES_FILE) ? fs.readFileSync(API_TYPES_FILE, 'utf8') : ''
    if (actual === expected) return
    const a = actual.split('\n')
    const e = expected.split('\n')
    const line = e.findIndex((text, i) => a[i] !== text)
    assert.fail(
      `packages/api-types/src/openapi.ts is stale (first difference at line ${line + 1}): the server schemas changed. ` +
        'Run `npm run api:types` and commit the result.',
    )
  },
)
