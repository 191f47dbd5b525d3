import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { FastifyInstance, InjectOptions } from 'fastify'
import fc from 'fast-check'
import type { RouteEntry } from '../../src/plugins/route-table.ts'
import { buildTestApp, POSTGRES_RUN_ONLY } from '../helper.ts'
import {
  appRoutes,
  concreteUrl,
  envelopeProblems,
  fieldsOf,
  isApi,
  type Principal,
  principalFor,
  seedHardeningData,
  watchWrites,
} from './support.ts'

/**
 * Property-based fuzzing of every route the app declares (fast-check): missing, malformed,
 * oversized and hostile fields, wrong content types, empty bodies, duplicate keys. Each answer must
 * be a well-formed envelope, never a 5xx, a refusal must be in Chinese, and a refusal must not
 * write anything (a row trigger on every table logs what is written: support.ts watchWrites).
 *
 * FUZZ_RUNS (default 14) random requests per route plus fixed examples; FUZZ_SEED to replay a run
 * (a failure prints its seed and the request).
 */

const SPECIAL = [
  '',
  ' ',
  '   \t\n',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '0',
  '-0',
  '-1',
  '1.5',
  '1e309',
  '-1e309',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999999999',
  'NaN',
  'Infinity',
  '0x1F',
  '1_000',
  '１２３',
  '٣',
  '2026-13-40',
  '2026-02-30 25:61:61',
  '0000-00-00 00:00:00',
  '9999-12-31T23:59:59Z',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%',
  '%zz',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  "' OR '1'='1",
  "'; DROP TABLE partners; --",
  '$1',
  '\\',
  '"',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://evil.example/x',
  '__proto__',
  'constructor',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202Eabc',
  '𠜎𠜱',
  '👨‍👩‍👧‍👦',
  'é',
  '张三',
  '13800000000',
  '11010519491231002X',
  '已通过',
  '待跟进',
  '支付宝',
  'a'.repeat(257),
  '汉'.repeat(5000),
]

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.constantFrom(2_000, 70_000, 1_100_000).map((n) => 'x'.repeat(n)) },
)

const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 3 }),
  ),
})).value

const BODY_ENCODINGS = [
  'form',
  'form',
  'json',
  'json',
  'jsonDuplicateKeys',
  'jsonArray',
  'jsonScalar',
  'badJson',
  'emptyJson',
  'emptyForm',
  'noContentType',
  'text',
  'xml',
  'multipartGarbage',
  'multipartFields',
  'formOtherCharset',
  'octet',
] as const
type Encoding = (typeof BODY_ENCODINGS)[number] | 'query' | 'queryGarbage'

export interface FuzzCase {
  pairs: Array<[string, unknown]>
  encoding: Encoding
  params: Record<string, string>
}

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'))

function caseArbitrary(route: RouteEntry): fc.Arbitrary<FuzzCase> {
  const declared = [...fieldsOf(route.schema?.body), ...fieldsOf(route.schema?.querystring)]
  const key = fc.oneof(
    ...(declared.length ? [{ weight: 6, arbitrary: fc.constantFrom(...declared) }] : []),
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'partnerId', 'page', 'size', 'x[]', 'a[b]', ''),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  )
  const pairs = fc.oneof(
    fc.array(fc.tuple(key, jsonValue), { maxLength: 8 }),
    // every declared field, each hostile
    fc.tuple(...declared.map((f) => fc.tuple(fc.constant(f), jsonValue))).map((p) => p as Array<[string, unknown]>),
  )
  const wildcard = route.url.includes('*') || route.url.includes(':')
  const bodyMethod = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH'
  const encoding: fc.Arbitrary<Encoding> = bodyMethod
    ? fc.constantFrom(...BODY_ENCODINGS)
    : fc.constantFrom<Encoding>('query', 'query', 'query', 'queryGarbage', 'json', 'form')
  return fc.record({
    pairs,
    encoding,
    params: wildcard ? fc.record({ provider: hostileString, '*': hostileString }) : fc.constant({}),
  })
}

/** The request a case makes: query string for GET/DELETE (and sometimes a body), a body otherwise. */
export function requestFor(route: RouteEntry, c: FuzzCase, cookie?: string): InjectOptions {
  const headers: Record<string, string> = {}
  if (cookie) headers.cookie = cookie
  let url = concreteUrl(route.url, c.params)
  let payload: string | undefined
  const form = () => {
    const p = new URLSearchParams()
    for (const [k, v] of c.pairs) p.append(k, asText(v))
    return p.toString()
  }
  const object = () => {
    const o: Record<string, unknown> = {}
    for (const [k, v] of c.pairs) Object.defineProperty(o, k, { value: v, enumerable: true, configurable: true, writable: true })
    return o
  }
  switch (c.encoding) {
    case 'query':
      url += `?${form()}`
      break
    case 'queryGarbage':
      url += `?${form()}&%zz&=&&a=%E0%A4%A&b[]=1&b[]=2&c[d]=1`
      break
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded'
      payload = form()
      break
    case 'formOtherCharset':
      headers['content-type'] = 'application/x-www-form-urlencoded; charset=gbk'
      payload = form()
      break
    case 'json':
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(object())
      break
    case 'jsonDuplicateKeys':
      headers['content-type'] = 'application/json'
      payload = `{${[...c.pairs, ...c.pairs.map(([k]) => [k, 'dup'] as [string, unknown])]
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`)
        .join(',')}}`
      break
    case 'jsonArray':
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(c.pairs)
      break
    case 'jsonScalar':
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(c.pairs[0]?.[1] ?? 'x') ?? 'null'
      break
    case 'badJson':
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(object()).slice(0, -1) || '{'
      break
    case 'emptyJson':
      headers['content-type'] = 'application/json'
      break
    case 'emptyForm':
      headers['content-type'] = 'application/x-www-form-urlencoded'
      payload = ''
      break
    case 'noContentType':
      payload = form()
      break
    case 'text':
      headers['content-type'] = 'text/plain'
      payload = form()
      break
    case 'xml':
      headers['content-type'] = 'application/xml'
      payload = `<a>${form()}</a>`
      break
    case 'octet':
      headers['content-type'] = 'application/octet-stream'
      payload = form()
      break
    case 'multipartGarbage':
      headers['content-type'] = 'multipart/form-data; boundary=----x'
      payload = `garbage ${form()}`
      break
    case 'multipartFields': {
      const boundary = '----fuzz'
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`
      payload =
        c.pairs.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${asText(v)}\r\n`).join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n${asText(c.pairs[0]?.[1] ?? 'x')}\r\n--${boundary}--\r\n`
      break
    }
  }
  return { method: route.method as InjectOptions['method'], url, headers, ...(payload !== undefined ? { payload } : {}) }
}

/** Fixed examples every route gets: nothing at all, every field empty, every field a NUL. */
function examples(route: RouteEntry): FuzzCase[] {
  const declared = [...fieldsOf(route.schema?.body), ...fieldsOf(route.schema?.querystring)]
  const bodyMethod = route.method === 'POST' || route.method === 'PUT'
  const enc: Encoding = bodyMethod ? 'form' : 'query'
  return [
    { pairs: [], encoding: bodyMethod ? 'emptyJson' : 'query', params: {} },
    { pairs: declared.map((f) => [f, ''] as [string, unknown]), encoding: enc, params: {} },
    { pairs: declared.map((f) => [f, '\u0000'] as [string, unknown]), encoding: enc, params: {} },
    { pairs: declared.map((f) => [f, ['a', 'b']] as [string, unknown]), encoding: bodyMethod ? 'json' : 'query', params: {} },
  ]
}

export interface FuzzReport {
  routes: number
  requests: number
  refusals: number
  byStatus: Record<number, number>
}

/** Fuzzes the routes `select` picks; throws with every problem found. */
export async function fuzzRoutes({
  app,
  select,
  runs = Number(process.env.FUZZ_RUNS || 14),
  seed = Number(process.env.FUZZ_SEED || 20261122),
}: {
  app: FastifyInstance
  select: (route: RouteEntry) => boolean
  runs?: number
  seed?: number
}): Promise<FuzzReport> {
  const { demoPartnerId } = await seedHardeningData(app)
  const writes = await watchWrites(app)
  const routes = appRoutes(app).filter(select)
  const report: FuzzReport = { routes: routes.length, requests: 0, refusals: 0, byStatus: {} }
  const failures: string[] = []

  for (const [index, route] of routes.entries()) {
    const principal: Principal = await principalFor(app, route, { partnerId: demoPartnerId })
    await writes()
    let stale = false
    const property = fc.asyncProperty(caseArbitrary(route), async (c) => {
      if (stale) {
        await principal.refresh()
        await writes()
        stale = false
      }
      const request = requestFor(route, c, principal.cookie)
      const res = await app.inject(request)
      report.requests++
      report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1
      const problems = envelopeProblems(res, { api: isApi(route.url) })
      const written = await writes()
      if (res.statusCode >= 400) {
        report.refusals++
        if (written.length) problems.push(`a refusal wrote to ${written.join(', ')}`)
      }
      // The call ended the session (sign-out, password change): a new one for the next case.
      if (res.statusCode === 401 || /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(String(res.headers['set-cookie'] ?? ''))) stale = true
      if (problems.length) {
        const payload = typeof request.payload === 'string' ? request.payload.slice(0, 200) : ''
        throw new Error(
          `${route.method} ${request.url?.toString().slice(0, 200)} [${c.encoding}] ${payload}\n  -> ${res.statusCode} ${res.body.slice(0, 200)}\n  ${problems.join('; ')}`,
        )
      }
    })
    const result = await fc.check(property, {
      numRuns: runs,
      seed: seed + index,
      endOnFailure: true,
      examples: examples(route).map((e) => [e]),
    })
    if (result.failed) failures.push(`${route.method} ${route.url} (seed ${seed + index}): ${String(result.errorInstance)}`)
  }
  if (failures.length) throw new Error(`${failures.length} route(s) failed:\n${failures.join('\n\n')}`)
  return report
}

/**
 * The test `name`: fuzzes the routes `select` picks on a fresh app (PostgreSQL run only), reports
 * the counts, and asserts at least 40 routes were fuzzed and most requests refused.
 */
export function fuzzRoutesTest(name: string, select: (route: RouteEntry) => boolean) {
  test(name, { skip: POSTGRES_RUN_ONLY }, async (context) => {
    const t = await buildTestApp()
    try {
      const report = await fuzzRoutes({ app: t.app, select })
      context.diagnostic(
        `${report.routes} routes, ${report.requests} requests, ${report.refusals} refusals; by status ${JSON.stringify(report.byStatus)}`,
      )
      assert.ok(report.routes >= 40, `routes fuzzed: ${report.routes}`)
      assert.ok(report.refusals > report.requests / 2, JSON.stringify(report))
    } finally {
      await t.close()
    }
  })
}
