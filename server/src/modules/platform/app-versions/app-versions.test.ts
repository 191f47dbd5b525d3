import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminClient, partnerClient } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'

const version = (fields: Record<string, unknown> = {}) => ({
  platform: 'android',
  version: '1.0.0',
  buildNumber: 100,
  downloadUrl: 'https://download.example.com/app-1.0.0.apk',
  releaseNotes: '首个版本',
  ...fields,
})

describe('app versions', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('the latest released build per platform is what the download page gets', async () => {
    const { client: admin } = await adminClient(t.app)
    const client = createClient(t.app)
    assert.equal((await client.get('/api/bms/develop/appVersion/latest', { platform: 'ios' })).json().data, null)
    for (const v of [
      version(),
      version({ version: '1.2.0', buildNumber: 120, forceUpdate: '是', releaseNotes: '修复登录问题\n优化海报生成' }),
      version({ version: '1.3.0', buildNumber: 130, releasedAt: new Date(Date.now() + 86400_000).toISOString() }),
      version({ platform: 'ios', version: '1.1.0', buildNumber: 110, downloadUrl: 'https://apps.apple.com/cn/app/id000000000' }),
    ]) {
      const res = await admin.post('/api/bms/develop/appVersion', v)
      assert.equal(res.statusCode, 200, res.body)
    }
    const android = (await client.get('/api/bms/develop/appVersion/latest', { platform: 'android' })).json().data
    assert.deepEqual(
      { version: android.version, buildNumber: android.buildNumber, forceUpdate: android.forceUpdate, releaseNotes: android.releaseNotes },
      { version: '1.2.0', buildNumber: 120, forceUpdate: true, releaseNotes: '修复登录问题\n优化海报生成' },
    )
    assert.ok(android.releasedAt)
    const ios = (await client.get('/api/bms/develop/appVersion/latest', { platform: 'ios' })).json().data
    assert.deepEqual([ios.version, ios.forceUpdate, ios.downloadUrl], ['1.1.0', false, 'https://apps.apple.com/cn/app/id000000000'])
    assert.equal((await admin.get('/api/bms/develop/appVersion/list', { platform: 'android' })).json().data.total, 3)
  })

  test('an administrator changes and removes a version; version and build are unique per platform', async () => {
    const { client: admin } = await adminClient(t.app)
    const created = (
      await admin.post('/api/bms/develop/appVersion', version({ platform: 'ios', version: '2.0.0', buildNumber: 200 }))
    ).json().data
    const dup = await admin.post('/api/bms/develop/appVersion', version({ platform: 'ios', version: '2.0.1', buildNumber: 200 }))
    assert.deepEqual([dup.statusCode, dup.json().message], [409, '该平台已有相同的版本号或构建号'])
    assert.equal(
      (await admin.post('/api/bms/develop/appVersion', version({ platform: 'android', version: '2.0.0', buildNumber: 200 }))).statusCode,
      200,
    )
    const changed = await admin.put('/api/bms/develop/appVersion', {
      ...version({ platform: 'ios', version: '2.0.0', buildNumber: 200 }),
      id: created.id,
      releaseNotes: '新说明',
    })
    assert.equal(changed.json().data.releaseNotes, '新说明')
    assert.equal(changed.json().data.releasedAt, created.releasedAt)
    assert.equal((await admin.get('/api/bms/develop/appVersion/details', { id: created.id })).json().data.version, '2.0.0')
    assert.equal((await admin.del('/api/bms/develop/appVersion', { id: created.id })).statusCode, 200)
    assert.equal((await admin.del('/api/bms/develop/appVersion', { id: created.id })).statusCode, 404)
    assert.equal((await admin.put('/api/bms/develop/appVersion', { ...version(), id: created.id })).statusCode, 404)
  })

  test('bad input is a 400 with a readable message', async () => {
    const { client: admin } = await adminClient(t.app)
    const cases: Array<[Record<string, unknown>, string]> = [
      [version({ platform: 'windows' }), '平台只能是 android 或 ios'],
      [version({ platform: undefined }), '请选择平台'],
      [version({ version: 'v1' }), '版本号格式不正确，例如 1.4.2'],
      [version({ buildNumber: 'abc' }), '构建号格式不正确'],
      [version({ buildNumber: 0 }), '构建号不能小于1'],
      [version({ downloadUrl: 'javascript:alert(1)' }), '下载地址须以 http:// 或 https:// 开头'],
      [version({ releaseNotes: '' }), '请填写更新说明'],
      [version({ releaseNotes: 'x'.repeat(2001) }), '更新说明不能超过2000个字符'],
      [version({ forceUpdate: 'maybe' }), '是否强制更新只能是是或否'],
      [version({ releasedAt: 'yesterday' }), '发布时间格式不正确，例如 2026-05-01 09:00:00'],
    ]
    for (const [body, message] of cases) {
      const res = await admin.post('/api/bms/develop/appVersion', body)
      assert.deepEqual([res.statusCode, res.json().message], [400, message], JSON.stringify(body))
    }
    assert.equal((await createClient(t.app).get('/api/bms/develop/appVersion/latest')).json().message, '请选择平台')
    assert.equal((await createClient(t.app).get('/api/bms/develop/appVersion/latest', { platform: 'symbian' })).statusCode, 400)
  })

  test('writing needs an administrator; a partner session is not an operator session', async () => {
    const { client: partner } = await partnerClient(t.app)
    assert.equal((await partner.post('/api/bms/develop/appVersion', version())).statusCode, 401)
    const { client: finance } = await adminClient(t.app, '财务')
    assert.equal((await finance.post('/api/bms/develop/appVersion', version())).statusCode, 403)
    assert.equal((await finance.get('/api/bms/develop/appVersion/list')).statusCode, 403, 'no right on APP 版本')
  })
})
