import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminClient, partnerClient, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { ActivityState, ActivityStatus, ActivityType, Code } from '../../../wire.ts'
import { activityState } from './activities.service.ts'

const HOUR = 3600_000
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()

describe('activities', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  async function published(admin: ReturnType<typeof createClient>, fields: Record<string, unknown>) {
    const created = await admin.post('/api/bms/activity/activity', {
      title: '春季招生',
      body: '<p>报名从速</p>',
      type: ActivityType.campaign,
      startAt: iso(-HOUR),
      endAt: iso(HOUR),
      ...fields,
    })
    assert.equal(created.statusCode, 200, created.body)
    const id = created.json().data.id as number
    assert.equal((await admin.put('/api/bms/activity/activity/publish', { id })).statusCode, 200)
    return id
  }

  test('an operator creates, publishes, changes and removes an activity; the body is sanitised on save', async () => {
    const { client: admin } = await adminClient(t.app)
    const res = await admin.post('/api/bms/activity/activity', {
      title: '2026春季学历提升',
      cover: 'https://cdn.example.com/a.png',
      body: '<p onclick="steal()">详情<script>alert(1)</script><a href="javascript:alert(1)">点我</a></p>',
      type: ActivityType.campaign,
      startAt: '2026-03-01 09:00:00',
      endAt: '2026-06-30 18:00',
    })
    assert.equal(res.statusCode, 200, res.body)
    const a = res.json().data
    assert.equal(a.body, '<p>详情<a>点我</a></p>')
    assert.equal(a.status, ActivityStatus.unpublished)
    assert.equal(a.startAt, '2026-03-01T01:00:00.000Z')
    assert.equal(a.endAt, '2026-06-30T10:00:00.000Z')
    assert.equal(a.summary, '详情 点我')

    // Not on the client until published.
    const client = createClient(t.app)
    assert.equal((await client.get('/api/cms/activity/activity/detailsForClient', { id: a.id })).statusCode, 404)
    assert.equal((await admin.put('/api/bms/activity/activity/publish', { id: a.id })).json().data.status, ActivityStatus.published)
    assert.equal((await client.get('/api/cms/activity/activity/detailsForClient', { id: a.id })).statusCode, 200)

    const changed = await admin.put('/api/bms/activity/activity', {
      id: a.id,
      title: '改名',
      body: '<p>新</p>',
      type: ActivityType.notice,
      startAt: a.startAt,
      endAt: a.endAt,
    })
    assert.equal(changed.json().data.title, '改名')
    assert.equal(changed.json().data.type, ActivityType.notice)
    assert.equal((await admin.get('/api/bms/activity/activity/details', { id: a.id })).json().data.title, '改名')

    assert.equal((await admin.put('/api/bms/activity/activity/unpublish', { id: a.id })).json().data.status, ActivityStatus.unpublished)
    assert.equal((await client.get('/api/cms/activity/activity/detailsForClient', { id: a.id })).json().message, '活动不存在或已下线')
    assert.equal((await admin.del('/api/bms/activity/activity', { id: a.id })).statusCode, 200)
    assert.equal((await admin.del('/api/bms/activity/activity', { id: a.id })).statusCode, 404)
    assert.equal((await admin.put('/api/bms/activity/activity/publish', { id: a.id })).statusCode, 404)
  })

  test('the detail says whether the activity is open now: not yet, ongoing, ended', async () => {
    const { client: admin } = await adminClient(t.app)
    const soon = await published(admin, { title: '未开始', startAt: iso(2 * HOUR), endAt: iso(48 * HOUR) })
    const open = await published(admin, { title: '进行中' })
    const over = await published(admin, { title: '已结束', startAt: iso(-48 * HOUR), endAt: iso(-HOUR) })
    const news = await published(admin, { title: '资讯', type: ActivityType.notice })
    const client = createClient(t.app)
    const detail = async (id: number) => (await client.get('/api/cms/activity/activity/detailsForClient', { id })).json().data
    assert.deepEqual([(await detail(soon)).state, (await detail(soon)).acceptsClues], [ActivityState.notStarted, false])
    assert.deepEqual([(await detail(open)).state, (await detail(open)).acceptsClues], [ActivityState.ongoing, true])
    assert.deepEqual([(await detail(over)).state, (await detail(over)).acceptsClues], [ActivityState.ended, false])
    assert.deepEqual([(await detail(news)).state, (await detail(news)).acceptsClues], [ActivityState.ongoing, false])
    assert.match((await detail(open)).body, /报名从速/)
  })

  test('the window is half-open: open from the start instant, closed at the end instant', () => {
    const startAt = new Date('2026-05-01T00:00:00Z')
    const endAt = new Date('2026-05-02T00:00:00Z')
    assert.equal(activityState({ startAt, endAt }, new Date(startAt.getTime() - 1)), ActivityState.notStarted)
    assert.equal(activityState({ startAt, endAt }, startAt), ActivityState.ongoing)
    assert.equal(activityState({ startAt, endAt }, new Date(endAt.getTime() - 1)), ActivityState.ongoing)
    assert.equal(activityState({ startAt, endAt }, endAt), ActivityState.ended)
  })

  test('the client list shows published activities only, pages, and filters by type and state', async () => {
    const fresh = await buildTestApp()
    try {
      const { client: admin } = await adminClient(fresh.app)
      for (let i = 0; i < 3; i++) await published(admin, { title: `开放${i}` })
      await published(admin, { title: '已结束', startAt: iso(-48 * HOUR), endAt: iso(-HOUR) })
      await published(admin, { title: '资讯', type: ActivityType.notice })
      await admin.post('/api/bms/activity/activity', {
        title: '草稿',
        body: '<p>x</p>',
        type: ActivityType.campaign,
        startAt: iso(-HOUR),
        endAt: iso(HOUR),
      })
      const client = createClient(fresh.app)
      const all = (await client.get('/api/cms/activity/activity/listForClient')).json().data
      assert.equal(all.total, 5)
      assert.equal(
        all.list.some((a: { title: string }) => a.title === '草稿'),
        false,
      )
      assert.equal('body' in all.list[0], false)
      const page2 = (await client.get('/api/cms/activity/activity/listForClient', { page: 2, size: 2 })).json().data
      assert.equal(page2.list.length, 2)
      assert.equal((await client.get('/api/cms/activity/activity/listForClient', { type: ActivityType.notice })).json().data.total, 1)
      assert.equal((await client.get('/api/cms/activity/activity/listForClient', { state: ActivityState.ended })).json().data.total, 1)
      assert.equal(
        (await client.get('/api/cms/activity/activity/listForClient', { state: ActivityState.ongoing, type: ActivityType.campaign })).json()
          .data.total,
        3,
      )
      const ops = (await admin.get('/api/bms/activity/activity/list', { status: ActivityStatus.unpublished })).json().data
      assert.equal(ops.total, 1)
      assert.equal((await admin.get('/api/bms/activity/activity/list', { keyword: '开放' })).json().data.total, 3)
      assert.equal((await admin.get('/api/bms/activity/activity/list', { keyword: '%' })).json().data.total, 0)
    } finally {
      await fresh.close()
    }
  })

  test('the clue form accepts clues only for an open campaign', async () => {
    const { client: admin } = await adminClient(t.app)
    const { client: partner, partner: p } = await partnerClient(t.app)
    const open = await published(admin, { title: '开放报名' })
    const soon = await published(admin, { title: '即将开始', startAt: iso(HOUR), endAt: iso(2 * HOUR) })
    const over = await published(admin, { title: '已截止', startAt: iso(-2 * HOUR), endAt: iso(-HOUR) })
    const news = await published(admin, { title: '资讯', type: ActivityType.notice })
    const draft = (
      await admin.post('/api/bms/activity/activity', {
        title: '草稿',
        body: '<p>x</p>',
        type: ActivityType.campaign,
        startAt: iso(-HOUR),
        endAt: iso(HOUR),
      })
    ).json().data.id
    const prospect = createClient(t.app)
    const submit = (activityId: unknown) =>
      prospect.post('/api/ems/partner/clue/saveForActivity', { name: '潜在学员', phone: uniquePhone(), ref: p.code, activityId })

    const ok = await submit(open)
    assert.equal(ok.statusCode, 200, ok.body)
    const notYet = await submit(soon)
    assert.deepEqual([notYet.statusCode, notYet.json().message], [422, '活动尚未开始，暂不能报名'])
    const closed = await submit(over)
    assert.deepEqual([closed.statusCode, closed.json().message], [422, '活动已结束，不能再报名'])
    const notCampaign = await submit(news)
    assert.deepEqual([notCampaign.statusCode, notCampaign.json().message], [422, '该活动不接受报名'])
    // A campaign whose operator switched its clue form off takes no clues, and says so on its page.
    const formOff = await published(admin, { title: '只展示', clueForm: '否' })
    const offAnswer = await submit(formOff)
    assert.deepEqual([offAnswer.statusCode, offAnswer.json().message], [422, '该活动不接受报名'])
    assert.equal((await prospect.get('/api/cms/activity/activity/detailsForClient', { id: formOff })).json().data.acceptsClues, false)
    assert.equal((await admin.get('/api/bms/activity/activity/details', { id: formOff })).json().data.clueForm, false)
    const reopened = (await admin.get('/api/bms/activity/activity/details', { id: formOff })).json().data
    const turnedOn = await admin.put('/api/bms/activity/activity', {
      id: formOff,
      title: reopened.title,
      body: reopened.body,
      type: reopened.type,
      startAt: reopened.startAt,
      endAt: reopened.endAt,
      clueForm: '是',
    })
    assert.equal(turnedOn.json().data.clueForm, true)
    assert.equal((await submit(formOff)).statusCode, 200)
    assert.equal(
      (
        await admin.post('/api/bms/activity/activity', {
          title: 'x',
          body: '<p>x</p>',
          type: ActivityType.campaign,
          startAt: iso(0),
          endAt: iso(HOUR),
          clueForm: '关',
        })
      ).json().message,
      '报名表单只能是是或否',
    )
    for (const id of [draft, 99999999, 'spring', '0', '-1', '1e3']) assert.equal((await submit(id)).statusCode, 404, String(id))

    const clues = (await partner.get('/api/ems/partner/clue/list')).json().data
    assert.equal(clues.total, 2)
    assert.deepEqual(clues.list.map((c: { activityId: string }) => c.activityId).sort(), [String(open), String(formOff)].sort())
  })

  test('bad input is a 400 with a readable message and writes nothing', async () => {
    const { client: admin } = await adminClient(t.app)
    const base = { title: 't', body: '<p>x</p>', type: ActivityType.campaign, startAt: iso(-HOUR), endAt: iso(HOUR) }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, title: '' }, '请填写活动标题'],
      [{ ...base, title: 'x'.repeat(61) }, '活动标题不能超过60个字符'],
      [{ ...base, type: '直播' }, '活动类型只能是招生活动或资讯'],
      [{ ...base, startAt: 'tomorrow' }, '开始时间格式不正确，例如 2026-05-01 09:00:00'],
      [{ ...base, startAt: '2026-02-30 10:00:00' }, '开始时间格式不正确，例如 2026-05-01 09:00:00'],
      [{ ...base, endAt: undefined }, '请填写结束时间'],
      [{ ...base, endAt: base.startAt }, '结束时间必须晚于开始时间'],
      [{ ...base, cover: 'javascript:alert(1)' }, '封面图片地址格式不正确'],
      [{ ...base, body: '<script>alert(1)</script>' }, '活动内容不能为空'],
      [{ ...base, body: 'x'.repeat(100_001) }, '活动内容不能超过100000个字符'],
    ]
    const before = (await admin.get('/api/bms/activity/activity/list')).json().data.total
    for (const [body, message] of cases) {
      const res = await admin.inject({ method: 'POST', url: '/api/bms/activity/activity', payload: body })
      assert.equal(res.statusCode, 400, `${message}: ${res.body}`)
      assert.deepEqual([res.json().code, res.json().message], [Code.badRequest, message])
    }
    assert.equal((await admin.get('/api/bms/activity/activity/list')).json().data.total, before)
    assert.equal(
      (await createClient(t.app).get('/api/cms/activity/activity/detailsForClient', { id: 'abc' })).json().message,
      '编号格式不正确',
    )
    assert.equal((await createClient(t.app).get('/api/cms/activity/activity/listForClient', { state: '已取消' })).statusCode, 400)
  })

  test('operator routes need an operator; writing needs an enrolment teacher or administrator', async () => {
    const anonymous = createClient(t.app)
    assert.equal((await anonymous.get('/api/bms/activity/activity/list')).json().code, Code.sessionInvalid)
    const create = (client: Client) =>
      client.post('/api/bms/activity/activity', {
        title: 't',
        body: '<p>x</p>',
        type: ActivityType.campaign,
        startAt: iso(0),
        endAt: iso(HOUR),
      })
    const { client: partner } = await partnerClient(t.app)
    assert.equal((await create(partner)).statusCode, 401)
    const { client: finance } = await adminClient(t.app, '财务')
    // 财务 holds no right on 活动 (the built-in 财务 never had its menu).
    assert.equal((await finance.get('/api/bms/activity/activity/list')).statusCode, 403)
    assert.equal((await create(finance)).statusCode, 403)
    const { client: teacher } = await adminClient(t.app, '招生老师')
    assert.equal((await create(teacher)).statusCode, 200)
  })
})
