import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { isAllowedUrl } from '../../../wire.ts'

describe('public configuration: the host allow-lists', () => {
  test('by default the web page allows this app only, and the wxCode redirect also localhost', async () => {
    const t = await buildTestApp()
    try {
      const client = createClient(t.app)
      const web = await client.get('/api/bms/develop/config/getByKey', { key: 'webAllowedHosts' })
      assert.deepEqual(web.json().data, { key: 'webAllowedHosts', value: ['partner.example.com'] })
      const oauth = (await client.get('/api/bms/develop/config/getByKey', { key: 'oauthRedirectHosts' })).json().data.value
      assert.deepEqual(oauth, ['partner.example.com', 'localhost', '127.0.0.1'])
      assert.equal(isAllowedUrl({ url: 'http://localhost:10086/pages/main/wxCode', hosts: oauth }), true)
      assert.equal(isAllowedUrl({ url: 'http://localhost:10086@evil.example/', hosts: oauth }), false)
      // No official account: WeChat H5 skips OAuth and signs in on the login page.
      assert.deepEqual((await client.get('/api/bms/develop/config/getByKey', { key: 'wechatOfficialAppId' })).json().data.value, [])
    } finally {
      await t.close()
    }
  })

  describe('configured by environment', () => {
    let t: TestApp
    before(async () => {
      t = await buildTestApp({
        env: {
          WEB_ALLOWED_HOSTS: 'news.example.com, *.gov.cn',
          OAUTH_REDIRECT_HOSTS: 'm.example.com',
          WECHAT_MP_APP_ID: 'wx1234567890abcdef',
        },
      })
    })
    after(async () => t.close())

    test('the lists come from WEB_ALLOWED_HOSTS and OAUTH_REDIRECT_HOSTS', async () => {
      const client = createClient(t.app)
      const web = (await client.get('/api/bms/develop/config/getByKey', { key: 'webAllowedHosts' })).json().data.value
      assert.deepEqual(web, ['news.example.com', '*.gov.cn'])
      assert.equal(isAllowedUrl({ url: 'https://www.moe.gov.cn/x', hosts: web }), true)
      assert.equal(isAllowedUrl({ url: 'https://www.moe.gov.cn.evil.example/x', hosts: web }), false)
      assert.deepEqual((await client.get('/api/bms/develop/config/getByKey', { key: 'oauthRedirectHosts' })).json().data.value, [
        'm.example.com',
      ])
      assert.deepEqual((await client.get('/api/bms/develop/config/getByKey', { key: 'wechatOfficialAppId' })).json().data.value, [
        'wx1234567890abcdef',
      ])
    })

    test('other keys are not public', async () => {
      const client = createClient(t.app)
      for (const key of ['APP_SECRET', 'secret', 'databaseUrl', 'constructor', '__proto__']) {
        const res = await client.get('/api/bms/develop/config/getByKey', { key })
        assert.deepEqual([res.statusCode, res.json().message], [404, '配置项不存在'], key)
      }
      assert.equal((await client.get('/api/bms/develop/config/getByKey')).json().message, '请填写配置项')
    })
  })
})
