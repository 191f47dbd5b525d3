import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminClient, partnerClient } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { createLocalMiniCodeGateway, MiniCodeError, type MiniCodeGateway } from '../../../gateways/mini-code.ts'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

function multipart(name: string, filename: string, data: Buffer) {
  const boundary = '----test' + Date.now()
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

describe('share posters', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('an administrator uploads a background image; it is served under /uploads and shown on the partner poster', async () => {
    const { client: admin } = await adminClient(t.app)
    const { body, contentType } = multipart('file', 'bg.png', PNG)
    const upload = await admin.inject({
      method: 'POST',
      url: '/api/ems/partner/backgroundImage/upload',
      headers: { 'content-type': contentType },
      payload: body,
    })
    assert.equal(upload.statusCode, 200, upload.body)
    const url = upload.json().data.url
    assert.match(url, /^\/uploads\/posters\/[0-9a-f]+\.png$/)
    const served = await admin.get(url)
    assert.equal(served.statusCode, 200)
    const notImage = multipart('file', 'x.png', Buffer.from('<script>alert(1)</script>'))
    const bad = await admin.inject({
      method: 'POST',
      url: '/api/ems/partner/backgroundImage/upload',
      headers: { 'content-type': notImage.contentType },
      payload: notImage.body,
    })
    assert.equal(bad.statusCode, 400)

    const created = await admin.post('/api/ems/partner/backgroundImage', { name: '春季招生', url, sort: 1 })
    assert.equal(created.statusCode, 200, created.body)
    assert.equal(
      (await admin.post('/api/ems/partner/backgroundImage', { name: 'x', url: 'javascript:alert(1)' })).json().message,
      '图片地址格式不正确',
    )

    const { client, partner } = await partnerClient(t.app)
    const poster = (await client.get('/api/ems/partner/partner/sharePoster')).json().data
    assert.equal(poster.code, partner.code)
    assert.equal(poster.name, '张三')
    assert.equal(poster.link, `https://partner.example.com/pages/activity/main?ref=${partner.code}`)
    assert.equal(poster.backgrounds[0].url, url)

    assert.equal((await admin.del('/api/ems/partner/backgroundImage', { id: created.json().data.id })).statusCode, 200)
    assert.equal((await client.post('/api/ems/partner/backgroundImage', { name: 'x', url })).statusCode, 401)
  })

  test('an enrolment teacher uploads an image for an activity but cannot add a poster background; finance cannot upload', async () => {
    const upload = (client: Awaited<ReturnType<typeof adminClient>>['client']) => {
      const { body, contentType } = multipart('file', 'body.png', PNG)
      return client.inject({
        method: 'POST',
        url: '/api/ems/partner/backgroundImage/upload',
        headers: { 'content-type': contentType },
        payload: body,
      })
    }
    const { client: teacher } = await adminClient(t.app, '招生老师')
    const uploaded = await upload(teacher)
    assert.equal(uploaded.statusCode, 200, uploaded.body)
    assert.match(uploaded.json().data.url, /^\/uploads\/posters\/[0-9a-f]+\.png$/)
    assert.equal((await teacher.post('/api/ems/partner/backgroundImage', { name: 'x', url: uploaded.json().data.url })).statusCode, 403)

    const { client: finance } = await adminClient(t.app, '财务')
    assert.equal((await upload(finance)).statusCode, 403)
  })

  test('a switched-off background leaves the partner poster but stays in the console, and the switch is in the audit log', async () => {
    const { client: admin } = await adminClient(t.app)
    const add = async (name: string, enabled?: string) =>
      (await admin.post('/api/ems/partner/backgroundImage', { name, url: `https://cdn.example.com/${name}.png`, sort: 5, enabled })).json()
        .data
    const kept = await add('kept')
    const off = await add('off', '否')
    assert.equal(kept.enabled, true)
    assert.equal(off.enabled, false)
    const switched = await add('switched')
    const changed = await admin.put('/api/ems/partner/backgroundImage', { ...switched, enabled: '否' })
    assert.equal(changed.statusCode, 200, changed.body)
    assert.equal(changed.json().data.enabled, false)
    assert.equal((await admin.put('/api/ems/partner/backgroundImage', { ...kept, enabled: '关' })).json().message, '启用状态只能是是或否')

    const { client } = await partnerClient(t.app)
    const offered = (await client.get('/api/ems/partner/partner/sharePoster')).json().data.backgrounds.map((b: { name: string }) => b.name)
    assert.ok(offered.includes('kept'))
    assert.ok(!offered.includes('off') && !offered.includes('switched'), offered.join(','))
    const listed = (await admin.get('/api/ems/partner/backgroundImage/list')).json().data.map((b: { name: string }) => b.name)
    assert.ok(['kept', 'off', 'switched'].every((n) => listed.includes(n)))

    const log = (await admin.get('/api/bms/system/auditLog/list', { entityType: 'poster', entityId: switched.id })).json().data.list
    const entry = log.find((e: { action: string }) => e.action === 'poster.update')
    assert.deepEqual([entry.before, entry.after], [{ enabled: true }, { enabled: false }])
  })
})

describe("the poster's mini-program code", () => {
  let t: TestApp
  const asked: Array<{ scene: string; page: string }> = []
  const local = createLocalMiniCodeGateway()
  let failing = false
  const gateway: MiniCodeGateway = {
    kind: 'local',
    cacheKey: `counting-${Date.now()}`,
    async unlimited(args) {
      asked.push(args)
      await new Promise((r) => setTimeout(r, 20))
      if (failing) throw new MiniCodeError('WeChat said no')
      return local.unlimited(args)
    },
  }
  before(async () => {
    t = await buildTestApp({ services: { miniCode: gateway } })
  })
  after(async () => t.close())

  test("a partner's code opens the jump page with their ref; it is made once and served from /uploads", async () => {
    const { partner, client } = await partnerClient(t.app)
    const answers = await Promise.all([1, 2, 3].map(() => client.get('/api/ems/partner/partner/miniProgramCode')))
    const data = answers.map((r) => r.json().data)
    assert.deepEqual(data[0], { url: data[0].url, page: 'pages/jump/index', scene: `r=${partner.code}` })
    assert.match(data[0].url, /^\/uploads\/wxacode\/[0-9a-f]{32}\.png$/)
    assert.deepEqual(new Set(data.map((d) => d.url)).size, 1)
    assert.equal(asked.filter((a) => a.scene === `r=${partner.code}`).length, 1)
    const image = await t.app.inject({ method: 'GET', url: data[0].url })
    assert.equal(image.statusCode, 200)
    assert.equal(image.headers['content-type'], 'image/png')
    assert.ok(image.rawPayload.equals((await local.unlimited({ scene: `r=${partner.code}`, page: 'pages/jump/index' })).bytes))
    // Asked again later: from the file, WeChat is not asked again.
    await client.get('/api/ems/partner/partner/miniProgramCode')
    assert.equal(asked.filter((a) => a.scene === `r=${partner.code}`).length, 1)
  })

  test('a code for one activity carries it in the scene, within 32 characters even for the longest codes', async () => {
    const { client: admin } = await adminClient(t.app)
    const created = await admin.post('/api/bms/activity/activity', {
      title: '春季招生',
      body: '<p>报名从速</p>',
      type: '招生活动',
      startAt: '2026-03-01 09:00:00',
      endAt: '2026-12-01 09:00:00',
    })
    assert.equal(created.statusCode, 200, created.body)
    const activityId = created.json().data.id as number
    const { client } = await partnerClient(t.app, { code: 'ABCDEFGHIJKLMNOP' })
    const res = await client.get('/api/ems/partner/partner/miniProgramCode', { activityId })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.scene, `r=ABCDEFGHIJKLMNOP&a=${activityId}`)
    assert.ok(`r=ABCDEFGHIJKLMNOP&a=${2_147_483_647}`.length <= 32)
    const missing = await client.get('/api/ems/partner/partner/miniProgramCode', { activityId: 99999999 })
    assert.equal(missing.statusCode, 404)
    const bad = await client.get('/api/ems/partner/partner/miniProgramCode', { activityId: 'x' })
    assert.equal(bad.statusCode, 400)
  })

  test('without a session there is no code; when WeChat refuses the partner reads why and nothing is cached', async () => {
    assert.equal((await createClient(t.app).get('/api/ems/partner/partner/miniProgramCode')).statusCode, 401)
    const { partner, client } = await partnerClient(t.app)
    failing = true
    try {
      const res = await client.get('/api/ems/partner/partner/miniProgramCode')
      assert.deepEqual([res.statusCode, res.json().message], [502, '小程序码暂时无法生成，请稍后再试'])
    } finally {
      failing = false
    }
    assert.equal((await client.get('/api/ems/partner/partner/miniProgramCode')).statusCode, 200)
    assert.equal(asked.filter((a) => a.scene === `r=${partner.code}`).length, 2)
  })
})
