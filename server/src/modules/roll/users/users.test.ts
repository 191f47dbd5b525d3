import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Code } from '../../../wire.ts'
import { insertPartner, PASSWORD, partnerClient } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { jsapiSignature } from './users.service.ts'

test("the JS-SDK signature matches WeChat's published example", () => {
  const signature = jsapiSignature({
    ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
    nonceStr: 'Wm3WZYTPz0wzccnW',
    timestamp: 1414587457,
    url: 'http://mp.weixin.qq.com?params=value#ignored-hash',
  })
  assert.equal(signature, '0f9de62fce790f9a083d5c99e95740ceb90c27ed')
})

describe('session calls of the client', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('an unbound open id signs in without a user; a later phone sign-in binds it; then the open id signs that partner in', async () => {
    const partner = await insertPartner(t.app)
    const client = createClient(t.app)
    const first = await client.post('/api/ums/user/user/signIn', { platform: 'weixin', signCode: 'fake:openid-A', type: '小程序' })
    assert.equal(first.statusCode, 200)
    assert.equal(first.json().data.bound, '否')
    assert.equal(first.json().data.id, undefined)
    assert.equal((await client.get('/api/ums/user/user/signInfo')).json().code, Code.sessionInvalid)

    assert.equal((await client.post('/api/ems/partner/client/signIn', { phone: partner.phone, password: PASSWORD })).statusCode, 200)
    assert.equal((await client.get('/api/ums/user/user/checkOpenId', { platform: 'weixin', type: '小程序' })).json().data, '是')
    assert.equal((await client.get('/api/ums/user/user/checkOpenId', { platform: 'weixin', type: '公众号' })).json().data, '否')

    const elsewhere = createClient(t.app)
    const again = await elsewhere.post('/api/ums/user/user/signIn', { platform: 'weixin', signCode: 'fake:openid-A', type: '小程序' })
    assert.equal(again.json().data.bound, '是')
    assert.equal(again.json().data.id, partner.id)
    const info = (await elsewhere.get('/api/ums/user/user/signInfo')).json().data
    assert.deepEqual(Object.keys(info).sort(), ['avatar', 'code', 'discipline', 'id', 'major', 'nickname', 'phone', 'school', 'status'])
    assert.equal(info.avatar, null)
    assert.equal(info.school, '浙江大学')
  })

  test('a signed-in partner signing in with a new open id binds it', async () => {
    const { client, partner } = await partnerClient(t.app)
    const res = await client.post('/api/ums/user/user/signIn', { platform: 'alipay', signCode: 'fake:ali-1', type: '小程序' })
    assert.equal(res.json().data.id, partner.id)
    assert.equal((await client.get('/api/ums/user/user/checkOpenId', { platform: 'alipay', type: '小程序' })).json().data, '是')
  })

  test('sign-out with unbind=是 removes the binding; a DELETE with a JSON content type and no body works', async () => {
    const { client, partner } = await partnerClient(t.app)
    await client.post('/api/ums/user/user/signIn', { platform: 'weixin', signCode: 'fake:openid-B', type: '公众号' })
    const out = await client.inject({
      method: 'DELETE',
      url: '/api/ums/user/user/signOut?unbind=是',
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(out.statusCode, 200, out.body)
    assert.equal((await client.get('/api/ums/user/user/signInfo')).json().code, Code.sessionInvalid)
    const again = await createClient(t.app).post('/api/ums/user/user/signIn', {
      platform: 'weixin',
      signCode: 'fake:openid-B',
      type: '公众号',
    })
    assert.equal(again.json().data.bound, '否')
    void partner
  })

  test('the mini-program resends the cookie as a Cookie header: same session', async () => {
    const { client } = await partnerClient(t.app)
    const token = client.jar.get('sid')
    const res = await t.app.inject({ method: 'GET', url: '/api/ums/user/user/signInfo', headers: { cookie: `sid=${token}` } })
    assert.equal(res.statusCode, 200)
  })

  test('timestamp and signature', async () => {
    const client = createClient(t.app)
    const ts = (await client.get('/api/ums/user/user/timestamp')).json().data
    assert.ok(Math.abs(ts - Date.now()) < 5000)
    const sig = (
      await client.get('/api/ums/user/user/signature', { platform: 'weixin', url: 'https://partner.example.com/pages/tabBar/home?a=1#x' })
    ).json().data
    assert.equal(sig.appId, 'wx-local-app-id')
    assert.equal(
      sig.signature,
      jsapiSignature({
        ticket: 'local-jsapi-ticket',
        nonceStr: sig.nonceStr,
        timestamp: sig.timestamp,
        url: 'https://partner.example.com/pages/tabBar/home?a=1',
      }),
    )
    assert.equal((await client.get('/api/ums/user/user/signature', { platform: 'weixin', url: 'not a url' })).statusCode, 400)
    assert.equal(
      (await client.post('/api/ums/user/user/signIn', { platform: 'qq', signCode: 'x', type: '小程序' })).json().message,
      '平台只能是 weixin 或 alipay',
    )
  })
})
