import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { bindMiniProgramOpenId, insertStudent, studentClient, subscribeMessageRecorder } from '../../../../test/fixtures.ts'
import { buildTestApp, openWideDb, type TestApp } from '../../../../test/helper.ts'
import { addLiveSection, enrol, insertCourse, insertLive } from '../../../../test/study-fixtures.ts'
import type { Executor } from '../../../db/types.ts'
import { LiveStatus, MessageKind, MessageTarget, ProductType } from '../../../wire.ts'
import { courseEnrolments } from '../courses/courses.table.ts'
import { messages } from '../../platform/messages/messages.table.ts'
import { enterLive, openPlayback, reportPlayback, watchLive } from './study.live.ts'
import { sendLiveReminders } from './study.reminders.ts'
import { sectionProgress } from './study.table.ts'

const schedule = '/api/sms/study/studentLiveCourseSchedule'
const MIN = 60_000

/** Live classes: the schedule, the room, attendance from time in the room, playback, and the reminders. */
describe('study live classes', () => {
  let t: TestApp
  const { sent, gateway } = subscribeMessageRecorder()
  before(async () => {
    t = await buildTestApp({ services: { subscribeMessage: gateway } })
  })
  after(async () => t.close())

  test('the schedule of my live courses, entering the room from 15 minutes before, the local stand-in room, and classes of other courses 404', async () => {
    const { client, student } = await studentClient(t.app)
    const { course } = await insertCourse(t.app, { title: '直播英语', type: ProductType.liveCourse })
    await enrol(t.app, student.id, course.id)
    const now = Date.now()
    const live = await insertLive(t.app, course.id, {
      title: '第1讲',
      startsAt: new Date(now - 10 * MIN),
      endsAt: new Date(now + 50 * MIN),
    })
    const soon = await insertLive(t.app, course.id, {
      title: '第2讲',
      startsAt: new Date(now + 10 * MIN),
      endsAt: new Date(now + 70 * MIN),
    })
    const later = await insertLive(t.app, course.id, {
      title: '第3讲',
      startsAt: new Date(now + 60 * MIN),
      endsAt: new Date(now + 120 * MIN),
    })
    const past = await insertLive(t.app, course.id, {
      title: '第0讲',
      startsAt: new Date(now - 26 * 60 * MIN),
      endsAt: new Date(now - 25 * 60 * MIN),
      playbackKey: 'live/0.mp4',
      playbackDuration: 3000,
    })
    const { course: otherCourse } = await insertCourse(t.app, { type: ProductType.liveCourse })
    const theirs = await insertLive(t.app, otherCourse.id, { startsAt: new Date(now - MIN), endsAt: new Date(now + MIN) })

    const list = (await client.get(`${schedule}/listByStudent`)).json().data
    assert.deepEqual(
      list.map((l: { id: number; status: string; playback: unknown }) => [l.id, l.status, l.playback]),
      [
        [past.id, LiveStatus.ended, { duration: 3000, position: 0, finished: false }],
        [live.id, LiveStatus.live, null],
        [soon.id, LiveStatus.notStarted, null],
        [later.id, LiveStatus.notStarted, null],
      ],
    )
    assert.equal(list[1].courseTitle, '直播英语')
    assert.equal((await client.get(`${schedule}/listByStudent`, { from: '2026-01-10', to: '2026-01-01' })).statusCode, 400)

    const entered = (await client.get(`${schedule}/enterForClient`, { id: live.id })).json().data.url as string
    assert.match(entered, new RegExp(`^/live/room/${live.id}\\?t=${student.id}\\.\\d+\\.`))
    const room = await t.app.inject({ method: 'GET', url: entered })
    assert.equal(room.statusCode, 200)
    assert.match(String(room.headers['content-type']), /text\/html/)
    assert.match(room.body, /直播进行中（本地演示直播间）/)
    assert.match(room.body, /<title>第1讲<\/title>/)
    assert.equal((await t.app.inject({ method: 'GET', url: entered.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).statusCode, 403)
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/live/room/${soon.id}${entered.slice(entered.indexOf('?'))}` })).statusCode,
      403,
    )
    assert.equal((await client.get(`${schedule}/enterForClient`, { id: soon.id })).statusCode, 200, '15 minutes before')
    const refused = async (id: number) => (await client.get(`${schedule}/enterForClient`, { id })).json().message
    assert.equal(await refused(later.id), '直播尚未开始')
    assert.equal(await refused(past.id), '直播已结束，请观看回放')
    for (const call of [
      client.get(`${schedule}/enterForClient`, { id: theirs.id }),
      client.put(`${schedule}/watchLive`, { id: theirs.id }),
      client.get(`${schedule}/playbackForClient`, { id: theirs.id }),
      client.put(`${schedule}/updatePlaybackProgress`, { id: theirs.id, position: 1 }),
    ])
      assert.equal((await call).statusCode, 404)

    // A provider's room: the class's own address or the configured template, filled for the student.
    const provider = await enterLive({
      db: t.app.db,
      studentId: student.id,
      liveId: live.id,
      secret: 'secret-for-test',
      providerUrl: 'https://live.example.com/room/{room}?uid={uid}&sig={sig}',
    })
    assert.match(provider.url, new RegExp(`^https://live\\.example\\.com/room/${live.id}\\?uid=${student.id}&sig=[\\w-]{43}$`))
  })

  test('time in the room counts only while live, once for two devices; attended at half the length, which finishes the live section; then the playback', async () => {
    const student = await insertStudent(t.app)
    const { course, chapter } = await insertCourse(t.app, { type: ProductType.liveCourse, sections: [{ duration: 60 }] })
    await enrol(t.app, student.id, course.id)
    const T = new Date('2026-03-02T11:00:00Z')
    const at = (s: number) => new Date(T.getTime() + s * 1000)
    const live = await insertLive(t.app, course.id, { startsAt: T, endsAt: at(60), playbackKey: 'live/1.mp4', playbackDuration: 60 })
    const section = await addLiveSection(t.app, course.id, chapter.id, live.id)
    const watch = (s: number, db: Executor = t.app.db) => watchLive({ db, studentId: student.id, liveId: live.id, now: at(s) })

    assert.deepEqual(await watch(-5), { watched: 0, attended: false }, 'before the start')
    assert.deepEqual(await watch(5), { watched: 5, attended: false }, 'only the 5 s since the start')
    assert.deepEqual(await watch(15), { watched: 15, attended: false })
    const { db: wide, close } = openWideDb(t, 4)
    try {
      const twice = await Promise.all([watch(25, wide), watch(25, wide), watch(25, wide)])
      assert.deepEqual(
        twice.map((r) => r.watched),
        [25, 25, 25],
        'three tabs at once: 10 s',
      )
    } finally {
      await close()
    }
    assert.deepEqual(await watch(32), { watched: 32, attended: true }, 'half of 60 s')
    assert.deepEqual(await watch(70), { watched: 32, attended: true }, 'after the end')
    const [progress] = await t.app.db
      .select()
      .from(sectionProgress)
      .where(and(eq(sectionProgress.studentId, student.id), eq(sectionProgress.sectionId, section.id)))
    assert.ok(progress?.finishedAt, 'the live section is finished')
    const [enrolment] = await t.app.db.select().from(courseEnrolments).where(eq(courseEnrolments.studentId, student.id))
    assert.equal(enrolment!.finished, 1)

    // The playback: the section rules on the same clock.
    const play = (position: number, s: number) =>
      reportPlayback({ db: t.app.db, studentId: student.id, liveId: live.id, position, now: at(s) })
    await assert.rejects(play(0, 59), /回放暂未上传/, 'not before the class ends')
    assert.equal((await play(0, 100)).added, 0)
    assert.equal((await play(10, 110)).added, 10)
    assert.equal((await play(300, 112)).added, 2, 'accelerated: real time only')
    const opened = await openPlayback({ db: t.app.db, studentId: student.id, liveId: live.id, secret: 's', now: at(113) })
    assert.deepEqual([opened.position, opened.furthest, opened.watched, opened.finished, opened.duration], [60, 60, 12, false, 60])
    assert.match(opened.url!, /^\/files\/live\/1\.mp4\?e=/)
    const { client } = await studentClient(t.app)
    const notMine = await client.get(`${schedule}/playbackForClient`, { id: live.id })
    assert.equal(notMine.statusCode, 404, "another student's class")
  })

  test('the playback and room heartbeats through the routes; a class without a playback is 422', async () => {
    const { client, student } = await studentClient(t.app)
    const { course } = await insertCourse(t.app, { type: ProductType.liveCourse })
    await enrol(t.app, student.id, course.id)
    const now = Date.now()
    const ended = await insertLive(t.app, course.id, {
      startsAt: new Date(now - 120 * MIN),
      endsAt: new Date(now - 60 * MIN),
      playbackKey: 'live/2.mp4',
      playbackDuration: 1800,
    })
    const bare = await insertLive(t.app, course.id, { startsAt: new Date(now - 120 * MIN), endsAt: new Date(now - 60 * MIN) })
    const live = await insertLive(t.app, course.id, { startsAt: new Date(now - MIN), endsAt: new Date(now + MIN) })
    assert.deepEqual((await client.put(`${schedule}/watchLive`, { id: live.id })).json().data, { watched: 0, attended: false })
    const opened = (await client.get(`${schedule}/playbackForClient`, { id: ended.id })).json().data
    assert.deepEqual([opened.duration, opened.heartbeatSeconds, opened.position], [1800, 10, 0])
    const answer = (await client.put(`${schedule}/updatePlaybackProgress`, { id: ended.id, position: 30 })).json().data
    assert.deepEqual(answer, {
      position: 30,
      furthest: 30,
      watched: 0,
      finished: false,
      added: 0,
      course: { finished: 0, total: 2, percent: 0 },
    })
    const none = await client.get(`${schedule}/playbackForClient`, { id: bare.id })
    assert.deepEqual([none.statusCode, none.json().message], [422, '回放暂未上传'])
  })

  test('each class starting within 30 minutes is reminded once, even by two runs at once; who accepted gets the WeChat message', async () => {
    const { course } = await insertCourse(t.app, { title: '直播数学', type: ProductType.liveCourse })
    const { client, student: subscriber } = await studentClient(t.app)
    const quiet = await insertStudent(t.app)
    for (const s of [subscriber, quiet]) await enrol(t.app, s.id, course.id)
    await bindMiniProgramOpenId(t.app, { accountId: subscriber.accountId }, `o-live-${subscriber.id}`)
    const accepted = await client.post('/api/ems/education/notices/subscribeForClient', { templateIds: 'local-live-template' })
    assert.deepEqual(accepted.json().data.subscriptions, [{ template: 'live', remaining: 1 }])

    const now = new Date('2026-03-02T10:00:00Z')
    const due = await insertLive(t.app, course.id, {
      title: '第5讲',
      startsAt: new Date(now.getTime() + 20 * MIN),
      endsAt: new Date(now.getTime() + 80 * MIN),
    })
    await insertLive(t.app, course.id, { startsAt: new Date(now.getTime() + 40 * MIN), endsAt: new Date(now.getTime() + 90 * MIN) })
    await insertLive(t.app, course.id, { startsAt: new Date(now.getTime() - MIN), endsAt: new Date(now.getTime() + 60 * MIN) })

    const { db: wide, close } = openWideDb(t, 4)
    try {
      const runs = await Promise.all([sendLiveReminders({ db: wide, now }), sendLiveReminders({ db: wide, now })])
      assert.deepEqual(runs.map((r) => r.classes).sort(), [0, 1])
      assert.equal(runs[0]!.messaged + runs[1]!.messaged, 2)
    } finally {
      await close()
    }
    assert.deepEqual(await sendLiveReminders({ db: t.app.db, now: new Date(now.getTime() + MIN) }), { classes: 0, messaged: 0 })
    const rows = await t.app.db.select().from(messages).where(eq(messages.kind, MessageKind.liveReminder))
    assert.deepEqual(rows.map((m) => [m.accountId, m.targetType, m.targetId]).sort(), [
      [subscriber.accountId, MessageTarget.live, due.id],
      [quiet.accountId, MessageTarget.live, due.id],
    ])
    assert.equal(rows[0]!.body, '「直播数学」第5讲 今天 18:20 开始，请准时进入直播间')

    await t.app.messagePusher.drain()
    const pushed = sent.filter((m) => m.templateId === 'local-live-template')
    assert.deepEqual(
      pushed.map((m) => [m.openId, m.page]),
      [[`o-live-${subscriber.id}`, 'pages/study/live']],
    )
  })
})
