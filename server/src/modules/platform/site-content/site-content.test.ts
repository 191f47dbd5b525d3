import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminClient, partnerClient } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { Code } from '../../../wire.ts'
import { seedSiteContentDemo } from './site-content.seed.ts'

describe('site contents', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
    await seedSiteContentDemo({ db: t.app.db })
  })
  after(async () => t.close())

  test('anyone reads the user agreement and the privacy policy by key, and an article by id', async () => {
    const client = createClient(t.app)
    const agreement = (await client.get('/api/cms/web/siteContent/detailsForClient', { key: 'agreement' })).json().data
    assert.equal(agreement.key, 'agreement')
    assert.match(agreement.title, /协议/)
    assert.ok((agreement.body.match(/<h3>/g) ?? []).length >= 5)
    const privacy = (await client.get('/api/cms/web/siteContent/detailsForClient', { key: 'privacy' })).json().data
    assert.match(privacy.title, /隐私政策/)
    const byId = await client.get('/api/cms/web/siteContent/detailsForClient', { id: privacy.id })
    assert.equal(byId.json().data.key, 'privacy')
    assert.equal((await client.get('/api/cms/web/siteContent/detailsForClient', { key: 'nothing' })).statusCode, 404)
    assert.equal((await client.get('/api/cms/web/siteContent/detailsForClient', { id: 99999999 })).json().message, '内容不存在')
    assert.equal((await client.get('/api/cms/web/siteContent/detailsForClient')).json().message, '请提供内容编号或内容标识（二选一）')
    assert.equal((await client.get('/api/cms/web/siteContent/detailsForClient', { id: 1, key: 'privacy' })).statusCode, 400)
    assert.equal((await client.get('/api/cms/web/siteContent/detailsForClient', { key: '../etc' })).statusCode, 400)
  })

  test('an administrator creates, changes and removes an article; HTML is sanitised and images kept', async () => {
    const { client: admin } = await adminClient(t.app)
    const created = await admin.post('/api/cms/web/siteContent', {
      title: '2026年成人高考报名指南',
      body: '<h2>报名时间</h2><p onmouseover="x()">8月底至9月初</p><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
      images: 'https://cdn.example.com/1.png\n/uploads/posters/2.png',
    })
    assert.equal(created.statusCode, 200, created.body)
    const c = created.json().data
    assert.equal(c.body, '<h2>报名时间</h2><p>8月底至9月初</p><img src="x">')
    assert.deepEqual(c.images, ['https://cdn.example.com/1.png', '/uploads/posters/2.png'])
    assert.equal(c.key, null)

    const json = await admin.inject({
      method: 'PUT',
      url: '/api/cms/web/siteContent',
      payload: { id: c.id, key: 'guide', title: '指南', body: '<p>新</p>', images: [] },
    })
    assert.equal(json.statusCode, 200, json.body)
    assert.deepEqual(json.json().data.images, [])
    assert.equal((await createClient(t.app).get('/api/cms/web/siteContent/detailsForClient', { key: 'guide' })).json().data.title, '指南')
    const list = (await admin.get('/api/cms/web/siteContent/list', { keyword: 'guide' })).json().data
    assert.equal(list.total, 1)
    assert.equal(list.list[0].summary, '新')
    assert.equal('body' in list.list[0], false)
    assert.equal((await admin.get('/api/cms/web/siteContent/details', { id: c.id })).json().data.key, 'guide')

    assert.equal((await admin.del('/api/cms/web/siteContent', { id: c.id })).statusCode, 200)
    assert.equal((await admin.del('/api/cms/web/siteContent', { id: c.id })).statusCode, 404)
  })

  test('keys are unique, and the agreement and privacy policy cannot be removed or lose their key', async () => {
    const { client: admin } = await adminClient(t.app)
    const taken = await admin.post('/api/cms/web/siteContent', { key: 'privacy', title: 'x', body: '<p>x</p>' })
    assert.deepEqual([taken.statusCode, taken.json().message], [409, '内容标识已被使用'])
    const privacy = (await createClient(t.app).get('/api/cms/web/siteContent/detailsForClient', { key: 'privacy' })).json().data
    const removed = await admin.del('/api/cms/web/siteContent', { id: privacy.id })
    assert.deepEqual([removed.statusCode, removed.json().message], [422, '用户协议和隐私政策不能删除，可以修改内容'])
    const renamed = await admin.put('/api/cms/web/siteContent', { id: privacy.id, key: 'old-privacy', title: 'x', body: '<p>x</p>' })
    assert.equal(renamed.statusCode, 422)
    const edited = await admin.put('/api/cms/web/siteContent', {
      id: privacy.id,
      key: 'privacy',
      title: '隐私政策（2026版）',
      body: privacy.body,
    })
    assert.equal(edited.statusCode, 200)
  })

  test('bad input is a 400 with a readable message', async () => {
    const { client: admin } = await adminClient(t.app)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '', body: '<p>x</p>' }, '请填写标题'],
      [{ title: 't' }, '请填写内容'],
      [{ title: 't', body: '<script>x</script>' }, '内容不能为空'],
      [{ title: 't', body: '<p>x</p>', key: 'A b' }, '内容标识为2-40位字母、数字、下划线或短横线，以小写字母开头'],
      [{ title: 't', body: '<p>x</p>', images: 'javascript:alert(1)' }, '图片地址格式不正确'],
      [
        { title: 't', body: '<p>x</p>', images: JSON.stringify(Array.from({ length: 21 }, (_, i) => `https://a.example/${i}.png`)) },
        '图片最多20张',
      ],
    ]
    for (const [body, message] of cases) {
      const res = await admin.post('/api/cms/web/siteContent', body)
      assert.deepEqual([res.statusCode, res.json().message], [400, message])
    }
  })

  test('writing needs an administrator; a partner session is not an operator session', async () => {
    const { client: partner } = await partnerClient(t.app)
    assert.equal((await partner.post('/api/cms/web/siteContent', { title: 't', body: '<p>x</p>' })).json().code, Code.sessionInvalid)
    assert.equal((await partner.get('/api/cms/web/siteContent/list')).statusCode, 401)
    const { client: teacher } = await adminClient(t.app, '招生老师')
    assert.equal((await teacher.post('/api/cms/web/siteContent', { title: 't', body: '<p>x</p>' })).statusCode, 403)
    assert.equal((await teacher.get('/api/cms/web/siteContent/list')).statusCode, 403, 'no right on 内容')
  })
})
