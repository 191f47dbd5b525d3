import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import fc from 'fast-check'
import { TRUNCATED_UPLOAD_MESSAGE } from '../../src/plugins/errors.ts'
import { buildTestApp, POSTGRES_RUN_ONLY } from '../helper.ts'
import { concreteUrl, watchWrites, envelopeProblems, multipartRoutes, principalFor, seedHardeningData } from './support.ts'

/**
 * Every upload route (enumerated from the route table, so a new one is in) answers a multipart
 * body that ends early with 400 and a Chinese message, never a 5xx, and writes nothing. Over a real
 * socket, not app.inject: the injected request closes as soon as its body ends, so the parser fails
 * differently there (a premature close) than a real request does (busboy's "unexpected end").
 *
 * UPLOAD_FUZZ_RUNS (default 6) random cut points per route besides the fixed ones; FUZZ_SEED replays.
 */

/** The query a route needs to reach its upload (checked before the body is read); a new route with one fails until it is here. */
const QUERY: Record<string, string> = {
  '/api/bms/cont/subject/uploadByExcel': 'courseId=1',
  '/api/zms/class/import': 'classId=1',
  '/api/ems/textbook/record/import': 'mailingId=1',
}

const BOUNDARY = '----truncated'

/** A field and a picture (PNG bytes, named .xlsx too would not matter: the body never ends). */
function uploadBody() {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  )
  const data = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3000, 7)])
  const body = Buffer.concat([head, data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])
  return { body, dataStart: head.length, dataEnd: head.length + data.length }
}

test(
  'every upload route answers a truncated multipart body with 400 and a Chinese message, never a 5xx, and writes nothing',
  { skip: POSTGRES_RUN_ONLY },
  async (context) => {
    const t = await buildTestApp()
    try {
      const { demoPartnerId } = await seedHardeningData(t.app)
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
      const writes = await watchWrites(t.app)
      const { body, dataStart, dataEnd } = uploadBody()
      const routes = multipartRoutes(t.app)
      const runs = Number(process.env.UPLOAD_FUZZ_RUNS || 6)
      const seed = Number(process.env.FUZZ_SEED || 20261122)
      let requests = 0

      for (const [index, route] of routes.entries()) {
        const principal = await principalFor(t.app, route, { partnerId: demoPartnerId })
        const query = QUERY[route.url]
        const url = `${origin}${concreteUrl(route.url)}${query ? `?${query}` : ''}`
        const send = async (payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) => {
          requests++
          const res = await fetch(url, {
            method: route.method,
            headers: { 'content-type': contentType, ...(principal.cookie ? { cookie: principal.cookie } : {}) },
            body: payload,
          })
          const text = await res.text()
          return { statusCode: res.status, body: text, headers: { 'content-type': res.headers.get('content-type') ?? '' } }
        }
        /** A body cut at `cut`: 400 with a readable message; cut after the file's first byte, the truncated-upload message itself (cut before, the parser sees no file at all). */
        const check = async (cut: number) => {
          const res = await send(body.subarray(0, cut))
          const where = `${route.method} ${route.url} cut at ${cut}/${body.length}: ${res.statusCode} ${res.body.slice(0, 160)}`
          assert.deepEqual(envelopeProblems(res), [], where)
          assert.equal(res.statusCode, 400, where)
          if (cut > dataStart) assert.equal((JSON.parse(res.body) as { message: string }).message, TRUNCATED_UPLOAD_MESSAGE, where)
        }

        await writes()
        for (const cut of [0, 5, 40, dataStart - 3, dataStart, dataStart + 8, dataEnd - 1]) await check(cut)
        await fc.assert(
          fc.asyncProperty(fc.integer({ min: 0, max: dataEnd - 1 }), async (cut) => check(cut)),
          { numRuns: runs, seed: seed + index },
        )
        // A multipart type without its boundary: the parser cannot start.
        const noBoundary = await send(body, 'multipart/form-data')
        assert.deepEqual(envelopeProblems(noBoundary), [], `${route.url} without a boundary: ${noBoundary.body}`)
        assert.equal(noBoundary.statusCode, 400, `${route.url} without a boundary: ${noBoundary.body}`)
        assert.deepEqual(await writes(), [], `${route.url} wrote on a truncated upload`)
      }
      context.diagnostic(`${routes.length} upload routes, ${requests} requests: ${routes.map((r) => r.url).join(', ')}`)
      assert.ok(routes.length >= 11, `upload routes: ${routes.length}`)
    } finally {
      await t.close()
    }
  },
)
