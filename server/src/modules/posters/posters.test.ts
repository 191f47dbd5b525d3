import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminClient, partnerClient } from '../../../test/fixtures.ts'
import { buildTestApp, type TestApp } from '../../../test/helper.ts'

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
})
