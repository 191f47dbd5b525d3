import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminClient, studentClient, subscribeMessageRecorder } from '../../../../test/fixtures.ts'
import { buildTestApp, type TestApp } from '../../../../test/helper.ts'
import { AdminRole, LoginPlatform, LoginType } from '../../../wire.ts'
import { createOpenIdBindingsRepository } from '../../platform/index.ts'

const base = '/api/ems/education/notices'

/** The WeChat subscribe message of a notice: the student accepts it on the notices page, one acceptance per message. */
describe('WeChat subscribe messages of notices', () => {
  let t: TestApp
  const { sent, gateway } = subscribeMessageRecorder()
  before(async () => {
    t = await buildTestApp({ services: { subscribeMessage: gateway } })
  })
  after(async () => t.close())

  test('a student who accepted the notice template gets one message per acceptance, opening the notice', async () => {
    const school = `推送学院${process.pid}`
    const { client, student } = await studentClient(t.app, { school })
    const { student: silent } = await studentClient(t.app, { school })
    const bindings = createOpenIdBindingsRepository({ db: t.app.db })
    for (const s of [student, silent])
      await bindings.bind({ accountId: s.accountId, platform: LoginPlatform.weixin, type: LoginType.miniProgram, openId: `o-stu-${s.id}` })

    const templates = (await client.get(`${base}/subscribeTemplatesForClient`)).json().data.templates
    // The student's templates: notices, the live reminders of their courses (issue 23), teachers' replies (issue 24), their parcels (issue 44).
    assert.deepEqual(templates, [
      { template: 'notice', templateId: 'local-notice-template' },
      { template: 'live', templateId: 'local-live-template' },
      { template: 'reply', templateId: 'local-reply-template' },
      { template: 'parcel', templateId: 'local-parcel-template' },
    ])
    const accepted = await client.post(`${base}/subscribeForClient`, { templateIds: 'local-notice-template,local-clue-template' })
    assert.deepEqual(accepted.json().data.subscriptions, [{ template: 'notice', remaining: 1 }], 'only the student templates count')

    const { client: admin } = await adminClient(t.app, AdminRole.admin)
    const ids: number[] = []
    for (const title of ['期末考试安排', '寒假放假通知']) {
      const saved = await admin.post(`${base}/save`, { title, content: '<p>请留意。</p>', targetSchool: school })
      ids.push(saved.json().data.id)
      assert.equal((await admin.put(`${base}/publish`, { id: saved.json().data.id })).statusCode, 200)
    }
    await t.app.messagePusher.drain()
    const mine = sent.filter((m) => m.openId === `o-stu-${student.id}`)
    assert.equal(mine.length, 1, 'one acceptance, one message')
    assert.equal(mine[0]!.templateId, 'local-notice-template')
    assert.equal(mine[0]!.page, `pages/student/noticeDetail?id=${ids[0]}`)
    assert.equal(mine[0]!.data.thing1!.value, '期末考试安排')
    assert.equal(sent.filter((m) => m.openId === `o-stu-${silent.id}`).length, 0, 'no acceptance, no message')
  })

  test('the partner is not asked for the notice template, and the student is not asked for the partner ones', async () => {
    const { client } = await studentClient(t.app)
    const res = await client.post(`${base}/subscribeForClient`, { templateIds: 'local-clue-template' })
    assert.deepEqual(res.json().data.subscriptions, [])
  })
})
