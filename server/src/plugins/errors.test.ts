import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { buildApp } from '../app.ts'
import { FORM_CONSUMES, ok } from '../lib/envelope.ts'
import { createErrorFactory } from '../lib/errors.ts'
import { Code } from '../wire.ts'
import { createClient, createTestDatabase, testConfig, type TestDatabase } from '../../test/helper.ts'

const createTeapotError = createErrorFactory({ key: 'test.refused', code: Code.ruleRefused, message: '不可以这样做' })

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/form',
    {
      schema: {
        consumes: FORM_CONSUMES,
        body: z.object({
          phone: z.string().regex(/^1\d{10}$/, '手机号格式不正确'),
          age: z.coerce.number().int().min(1).max(150),
          name: z.string().min(1).max(5),
        }),
      },
    },
    async (request) => ok(request.body),
  )
  app.get('/api/test/boom', async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app.ts:12')
  })
  app.get('/api/test/refused', async () => {
    throw createTeapotError()
  })
  app.delete('/api/test/thing', { schema: { querystring: z.object({ id: z.coerce.number().int() }) } }, async (request) =>
    ok({ id: request.query.id }),
  )
}

describe('the error envelope', () => {
  let app: FastifyInstance
  let testDb: TestDatabase
  before(async () => {
    testDb = await createTestDatabase()
    app = await buildApp({ config: testConfig({ BODY_LIMIT_BYTES: '2048' }), database: testDb.database })
    await app.register(probeRoutes)
    await app.ready()
  })
  after(async () => {
    await app.close()
    await testDb.dispose()
  })

  test('a form body is read with numbers coerced', async () => {
    const res = await createClient(app).post('/api/test/form', { phone: '13800000000', age: '30', name: '张三' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json().data, { phone: '13800000000', age: 30, name: '张三' })
  })

  test('a JSON body is accepted too', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/form', payload: { phone: '13800000000', age: 30, name: 'a' } })
    assert.equal(res.statusCode, 200)
  })

  test('a malformed field is a 400 naming the field in Chinese', async () => {
    const res = await createClient(app).post('/api/test/form', { phone: '123', age: '30', name: 'x' })
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), { code: Code.badRequest, message: '手机号格式不正确', data: null })
  })

  test('a missing field asks for it', async () => {
    const res = await createClient(app).post('/api/test/form', { age: '30', name: 'x' })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().message, '请填写手机号')
  })

  test('an out-of-range or oversized field says so', async () => {
    const client = createClient(app)
    assert.equal((await client.post('/api/test/form', { phone: '13800000000', age: '999', name: 'x' })).json().message, 'age不能大于150')
    assert.equal(
      (await client.post('/api/test/form', { phone: '13800000000', age: '3', name: '1234567' })).json().message,
      '名称不能超过5个字符',
    )
    assert.equal((await client.post('/api/test/form', { phone: '13800000000', age: 'abc', name: 'x' })).statusCode, 400)
  })

  test('a feature refusal keeps its code, message and status', async () => {
    const res = await createClient(app).get('/api/test/refused')
    assert.equal(res.statusCode, 422)
    assert.deepEqual(res.json(), { code: Code.ruleRefused, message: '不可以这样做', data: null })
  })

  test('an unknown error is a 500 envelope without internals', async () => {
    const res = await createClient(app).get('/api/test/boom')
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), { code: Code.internal, message: '服务器繁忙，请稍后再试', data: null })
    assert.doesNotMatch(res.body, /secret_table|srv|stack/)
  })

  test('an unknown route is a 404 envelope', async () => {
    const res = await createClient(app).get('/api/nothing/here')
    assert.equal(res.statusCode, 404)
    assert.equal(res.json().code, Code.notFound)
  })

  test('bad JSON, an oversized body and an unsupported content type are 4xx envelopes', async () => {
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/test/form',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    })
    assert.equal(badJson.statusCode, 400)
    assert.equal(badJson.json().code, Code.badRequest)
    const big = await app.inject({
      method: 'POST',
      url: '/api/test/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `name=${'x'.repeat(5000)}`,
    })
    assert.equal(big.statusCode, 413)
    assert.equal(big.json().message, '请求内容过大')
    const xml = await app.inject({ method: 'POST', url: '/api/test/form', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })
    assert.equal(xml.statusCode, 415)
    assert.equal(xml.json().code, Code.badRequest)
  })

  test('a DELETE with a JSON content type and an empty body is accepted (mini-programs send it)', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/test/thing?id=7', headers: { 'content-type': 'application/json' } })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json().data, { id: 7 })
  })

  test('a browser call from a foreign origin that changes state is refused; a same-origin one passes', async () => {
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/test/form',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { phone: '13800000000', age: 3, name: 'x' },
    })
    assert.equal(foreign.statusCode, 403)
    assert.equal(foreign.json().code, Code.forbidden)
    const allowed = await app.inject({
      method: 'POST',
      url: '/api/test/form',
      headers: { origin: 'https://partner.example.com', 'content-type': 'application/json' },
      payload: { phone: '13800000000', age: 3, name: 'x' },
    })
    assert.equal(allowed.statusCode, 200)
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://partner.example.com')
    const same = await app.inject({
      method: 'POST',
      url: '/api/test/form',
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'content-type': 'application/json' },
      payload: { phone: '13800000000', age: 3, name: 'x' },
    })
    assert.equal(same.statusCode, 200)
  })
})
