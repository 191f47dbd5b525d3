import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, test } from 'node:test'
import { Code } from '@activity/wire'
import { ApiError, call, configureClient, download, filenameOf, get, NETWORK_MESSAGE, post, preload } from './client.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const envelope = (status: number, code: number, message: string) =>
  new Response(JSON.stringify({ code, message, data: null }), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })

describe('an export saves the file, or shows why the server refused it', () => {
  const realFetch = globalThis.fetch
  let notified: string[]
  let expired: number
  let saved: Array<{ name: string; size: number; type: string }>
  let requested: string[]
  const save = (blob: Blob, name: string) => saved.push({ name, size: blob.size, type: blob.type })
  const answer = (response: Response | Error) => {
    globalThis.fetch = (async (input: string | URL | Request) => {
      requested.push(String(input))
      if (response instanceof Error) throw response
      return response
    }) as typeof fetch
  }

  beforeEach(() => {
    notified = []
    expired = 0
    saved = []
    requested = []
    configureClient({ notify: (m) => notified.push(m), sessionExpired: () => expired++ })
  })
  afterEach(() => {
    globalThis.fetch = realFetch
  })

  test("the file is saved under the server's name, with the list's filters and sort in the request", async () => {
    answer(
      new Response(new Uint8Array([80, 75, 3, 4, 1, 2]), {
        status: 200,
        headers: {
          'content-type': XLSX,
          'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''%E6%8F%90%E7%8E%B0.xlsx`,
        },
      }),
    )
    const done = await download('/api/x/export', { status: '审核中', sort: 'amount_desc', partnerId: undefined }, { save })
    assert.equal(done, true)
    assert.deepEqual(saved, [{ name: '提现.xlsx', size: 6, type: XLSX }])
    assert.deepEqual(requested, ['/api/x/export?status=%E5%AE%A1%E6%A0%B8%E4%B8%AD&sort=amount_desc'])
    assert.deepEqual(notified, [])
  })

  test("a refusal (a role without the right) shows the server's message and saves nothing", async () => {
    answer(envelope(403, 100000003, '没有权限执行此操作'))
    await assert.rejects(
      download('/api/x/export', {}, { save }),
      (e: unknown) => e instanceof ApiError && e.code === 100000003 && e.status === 403,
    )
    assert.deepEqual(notified, ['没有权限执行此操作'])
    assert.deepEqual(saved, [])
  })

  test('a refused filter (400) shows its message; an expired session goes to the sign-in page; neither is saved', async () => {
    answer(envelope(400, 100000001, '开始日期不能晚于结束日期'))
    await assert.rejects(download('/api/x/export', { dateFrom: '2026-02-01', dateTo: '2026-01-01' }, { save }), ApiError)
    assert.deepEqual(notified, ['开始日期不能晚于结束日期'])
    answer(envelope(401, 100000004, '请先登录'))
    await assert.rejects(download('/api/x/export', {}, { save }), ApiError)
    assert.equal(expired, 1)
    assert.deepEqual(saved, [])
  })

  test('no answer, or an error page that is not an envelope, shows the network message', async () => {
    answer(new TypeError('fetch failed'))
    await assert.rejects(download('/api/x/export', {}, { save }), ApiError)
    answer(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }))
    await assert.rejects(download('/api/x/export', {}, { save }), ApiError)
    assert.deepEqual(notified, [NETWORK_MESSAGE, `502:${NETWORK_MESSAGE}`])
    assert.deepEqual(saved, [])
  })

  test('the file name: filename* first, then filename, then the fallback', () => {
    assert.equal(filenameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''%E5%90%88%E4%BC%99%E4%BA%BA.xlsx`, 'x.xlsx'), '合伙人.xlsx')
    assert.equal(filenameOf('attachment; filename="clues.xlsx"', 'x.xlsx'), 'clues.xlsx')
    assert.equal(filenameOf(`attachment; filename*=UTF-8''%E5%90%88%ZZ`, 'x.xlsx'), 'x.xlsx')
    assert.equal(filenameOf(null, 'x.xlsx'), 'x.xlsx')
  })
})

describe('a call that needs a step-up asks the operator, then goes through', () => {
  const realFetch = globalThis.fetch
  let notified: string[]
  let asked: number
  let sent: Array<{ url: string; method: string; body: unknown }>
  /** Answers the calls in turn with these envelopes ({code, data}). */
  const answers = (...replies: Array<{ status: number; code: number; message?: string; data?: unknown }>) => {
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body })
      const r = replies.shift()!
      return new Response(JSON.stringify({ code: r.code, message: r.message ?? '', data: r.data ?? null }), {
        status: r.status,
        headers: { 'content-type': 'application/json' },
      })
    }) as typeof fetch
  }
  const stepUpRequired = { status: 403, code: Code.stepUpRequired, message: '请先完成身份验证' }

  beforeEach(() => {
    notified = []
    asked = 0
    sent = []
  })
  afterEach(() => {
    globalThis.fetch = realFetch
    configureClient({ stepUp: null })
  })

  test('the dialog opens, and once confirmed the same call is sent again and answers', async () => {
    configureClient({ notify: (m) => notified.push(m), stepUp: async () => (asked++, true) })
    answers(stepUpRequired, { status: 200, code: 0, data: { id: 7 } })
    const data = await call<{ id: number }>('PUT', '/api/pay', { body: { id: 7, transactionNo: 'T1' } })
    assert.deepEqual(data, { id: 7 })
    assert.equal(asked, 1)
    assert.deepEqual(
      sent.map((s) => [s.method, s.url, s.body]),
      [
        ['PUT', '/api/pay', '{"id":7,"transactionNo":"T1"}'],
        ['PUT', '/api/pay', '{"id":7,"transactionNo":"T1"}'],
      ],
    )
    assert.deepEqual(notified, [])
  })

  test('closed without confirming: the call fails with the step-up refusal, shown once', async () => {
    configureClient({ notify: (m) => notified.push(m), stepUp: async () => (asked++, false) })
    answers(stepUpRequired)
    await assert.rejects(call('PUT', '/api/pay'), (e: unknown) => e instanceof ApiError && e.code === Code.stepUpRequired)
    assert.equal(sent.length, 1)
    assert.deepEqual(notified, ['请先完成身份验证'])
  })

  test('sent again only once: a second refusal is final, without a second dialog', async () => {
    configureClient({ notify: (m) => notified.push(m), stepUp: async () => (asked++, true) })
    answers(stepUpRequired, stepUpRequired)
    await assert.rejects(call('PUT', '/api/pay', { quiet: true }), (e: unknown) => e instanceof ApiError && e.code === Code.stepUpRequired)
    assert.equal(asked, 1)
    assert.equal(sent.length, 2)
    assert.deepEqual(notified, [])
  })
})

describe("a screen's first GETs, sent before it renders (preload), are taken by its own calls", () => {
  const realFetch = globalThis.fetch
  let notified: string[]
  let expired: number
  let requested: string[]
  let answers: Array<() => Response>
  const ok = (data: unknown) => () =>
    new Response(JSON.stringify({ code: 0, message: 'ok', data }), { headers: { 'content-type': 'application/json' } })

  beforeEach(() => {
    notified = []
    expired = 0
    requested = []
    answers = []
    configureClient({ notify: (m) => notified.push(m), sessionExpired: () => expired++ })
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      requested.push(`${init?.method ?? 'GET'} ${String(input)}`)
      const next = answers.shift()
      if (!next) throw new Error('no answer prepared')
      return next()
    }) as typeof fetch
  })
  afterEach(() => {
    globalThis.fetch = realFetch
  })

  test('the preloaded GET is sent at once and answers the same call later, without a second request', async () => {
    answers.push(ok({ list: [1, 2], total: 2 }))
    preload(() => get('/api/x/list', { page: 1, size: 20 }))
    assert.deepEqual(requested, ['GET /api/x/list?page=1&size=20'])
    const page = await get<{ total: number }>('/api/x/list', { page: 1, size: 20 })
    assert.equal(page.total, 2)
    assert.equal(requested.length, 1)
  })

  test('taken once: the next call to the address asks the server again; another address is asked as usual', async () => {
    answers.push(ok('early'), ok('again'), ok('other'))
    preload(() => get('/api/x/details', { id: 7 }))
    assert.equal(await get('/api/x/details', { id: 7 }), 'early')
    assert.equal(await get('/api/x/details', { id: 7 }), 'again')
    assert.equal(await get('/api/x/details', { id: 8 }), 'other')
    assert.deepEqual(requested, ['GET /api/x/details?id=7', 'GET /api/x/details?id=7', 'GET /api/x/details?id=8'])
  })

  test('a refusal or an expired session in the early answer is shown when the screen takes it, not before', async () => {
    answers.push(
      () => envelope(403, 100000003, '没有权限执行此操作'),
      () => envelope(401, Code.sessionInvalid, '请重新登录'),
    )
    preload(() => {
      void get('/api/x/refused')
      void get('/api/x/expired')
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    assert.deepEqual([notified, expired], [[], 0])
    await assert.rejects(get('/api/x/refused'), (e: unknown) => e instanceof ApiError && e.code === 100000003)
    assert.deepEqual(notified, ['没有权限执行此操作'])
    await assert.rejects(get('/api/x/expired'), (e: unknown) => e instanceof ApiError && e.code === Code.sessionInvalid)
    assert.equal(expired, 1)
  })

  test('only GETs are sent early; a write inside a preload goes out as a write, and takes no early answer', async () => {
    answers.push(ok('read'), ok('written'))
    preload(() => {
      void get('/api/x/thing')
      void post('/api/x/thing', { a: 1 }).catch(() => undefined)
    })
    assert.deepEqual(requested, ['GET /api/x/thing', 'POST /api/x/thing'])
    assert.equal(await get('/api/x/thing'), 'read')
  })
})
