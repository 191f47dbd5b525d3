import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { adminClient, insertStudent, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, openWideDb, type TestApp } from '../../../../test/helper.ts'
import { enrol, insertCourse } from '../../../../test/study-fixtures.ts'
import type { Executor } from '../../../db/types.ts'
import { HEARTBEAT_SECONDS, PointsWayKind, ProductStatus, SectionKind } from '../../../wire.ts'
import { courseEnrolments, courseSections } from '../courses/courses.table.ts'
import { finishThresholdMs } from './study.rules.ts'
import { currentCourse, openSection, reportProgress, setCurrentCourse } from './study.service.ts'
import { sectionProgress, studyClocks, studyDays } from './study.table.ts'
import { earnForStudyTime } from '../../points/index.ts'
import { pointsRecords } from '../../points/points/points.table.ts'

const knowledge = '/api/sms/study/studentKnowledge'
const T0 = new Date('2026-03-02T01:00:00Z') // 09:00 in Shanghai
const at = (s: number) => new Date(T0.getTime() + s * 1000)

/** The server owns video progress: every rule of the heartbeat, on the service with a controlled clock and through the routes. */
describe('study progress', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  async function watching(options: Parameters<typeof insertCourse>[1] = {}) {
    const student = await insertStudent(t.app)
    const { course, sections } = await insertCourse(t.app, options)
    await enrol(t.app, student.id, course.id)
    const report = (sectionId: number, position: number, s: number, db: Executor = t.app.db) =>
      reportProgress({ db, onStudied: earnForStudyTime, studentId: student.id, sectionId, position, now: at(s) })
    return { student, course, sections, report }
  }

  async function rewind(studentId: number, s: number) {
    const back = (d: Date | null) => (d ? new Date(d.getTime() - s * 1000) : d)
    const [clock] = await t.app.db.select().from(studyClocks).where(eq(studyClocks.studentId, studentId))
    await t.app.db
      .update(studyClocks)
      .set({ lastReportAt: back(clock!.lastReportAt) })
      .where(eq(studyClocks.studentId, studentId))
    const rows = await t.app.db.select().from(sectionProgress).where(eq(sectionProgress.studentId, studentId))
    for (const r of rows)
      await t.app.db
        .update(sectionProgress)
        .set({ lastReportAt: back(r.lastReportAt) })
        .where(and(eq(sectionProgress.studentId, studentId), eq(sectionProgress.sectionId, r.sectionId)))
  }

  test('a replayed heartbeat adds nothing, an accelerated one only the real time, a first one or one after a pause nothing', async () => {
    const { sections, report } = await watching()
    const id = sections[1]!.id
    assert.equal((await report(id, 0, 0)).added, 0, 'the first report of a viewing')
    const normal = await report(id, 10, 10)
    assert.deepEqual([normal.added, normal.watched, normal.position], [10, 10, 10])
    assert.equal((await report(id, 10, 10)).added, 0, 'the same report again')
    assert.equal((await report(id, 10, 20)).added, 0, 'the same position later (paused)')
    const fast = await report(id, 250, 23)
    assert.deepEqual([fast.added, fast.watched, fast.position, fast.furthest], [3, 13, 250, 250], 'a jump of 240 s in 3 s credits 3 s')
    assert.equal((await report(id, 290, 33)).added, 10)
    assert.equal((await report(id, 295, 90)).added, 0, 'after a pause longer than two heartbeats the clock starts afresh')
    assert.equal((await report(id, 299.5, 94.5)).added, 4.5, 'decimal seconds')
  })

  test('progress never decreases, a section is finished only at its length (less the tolerance), and the course, enrolment and day follow', async () => {
    const { student, course, sections, report } = await watching()
    const id = sections[0]!.id // 100 s: finished at 98 s watched (2 % of 100)
    assert.equal(finishThresholdMs(100), 98_000)
    assert.equal(finishThresholdMs(3600), 3_590_000, 'at most 10 s of tolerance')
    let last
    for (let s = 0; s <= 90; s += 10) last = await report(id, s, s)
    assert.deepEqual([last!.watched, last!.finished, last!.course.finished], [90, false, 0])
    const back = await report(id, 30, 100)
    assert.deepEqual([back.position, back.furthest, back.watched, back.added], [30, 90, 90, 0], 'seeking back keeps furthest and watched')
    assert.equal((await report(id, 37, 107)).finished, false, '97 s watched')
    const done = await report(id, 40, 110)
    assert.deepEqual([done.watched, done.finished, done.course], [100, true, { finished: 1, total: 2, percent: 50 }])
    const after = await report(id, 0, 115)
    assert.deepEqual([after.position, after.furthest, after.watched, after.finished], [0, 90, 100, true], 'finished stays')

    const [enrolment] = await t.app.db.select().from(courseEnrolments).where(eq(courseEnrolments.courseId, course.id))
    assert.deepEqual([enrolment!.finished, enrolment!.lastSectionId], [1, id])
    assert.equal(enrolment!.lastStudiedAt!.toISOString(), at(115).toISOString())
    const days = await t.app.db.select().from(studyDays).where(eq(studyDays.studentId, student.id))
    assert.deepEqual(
      days.map((d) => [d.day, d.ms]),
      [['2026-03-02', 100_000]],
    )
    // Credit near midnight goes to the Shanghai day it was earned in.
    const other = sections[1]!.id
    const midnight = 15 * 3600 // 00:00 of 3 March in Shanghai, 15 h after T0
    await report(other, 0, midnight - 5)
    await report(other, 10, midnight + 5)
    const later = await t.app.db.select().from(studyDays).where(eq(studyDays.studentId, student.id))
    assert.deepEqual(later.map((d) => [d.day, d.ms]).sort(), [
      ['2026-03-02', 100_000],
      ['2026-03-03', 10_000],
    ])
  })

  test('noSkip: on the first viewing a position past the furthest point is answered with it; once finished the student may seek', async () => {
    const { student, sections, report } = await watching({ noSkip: true, sections: [{ duration: 40 }] })
    const id = sections[0]!.id
    const open = () => openSection({ db: t.app.db, studentId: student.id, sectionId: id, secret: 's', now: at(0) })
    await report(id, 0, 0)
    assert.equal((await report(id, 10, 10)).position, 10)
    assert.equal((await report(id, 24, 20)).position, 24, 'within 1.5 heartbeats of the furthest point')
    const pulled = await report(id, 40, 21)
    assert.deepEqual([pulled.position, pulled.furthest, pulled.added], [24, 24, 0], 'past it: back to the furthest point')
    assert.equal((await open()).noSkip, true)
    assert.equal((await report(id, 34, 31)).watched, 30)
    assert.equal((await report(id, 30, 32)).position, 30, 'seeking back is free')
    const done = await report(id, 40, 42)
    assert.deepEqual([done.watched, done.finished], [40, true])
    const reopened = await open()
    assert.deepEqual([reopened.noSkip, reopened.finished], [false, true], 'finished: the player lets the student seek')
  })

  test("two devices reporting at once share the student's one clock: the real time is credited once", async () => {
    const { student, sections, report } = await watching()
    // On PostgreSQL a pool of 10 makes the reports truly concurrent; PGlite runs one transaction at a time.
    const { db, close } = openWideDb(t, 10)
    try {
      const [a, b] = [sections[0]!.id, sections[1]!.id]
      await report(a, 0, 0)
      await report(b, 0, 0)
      // A phone and a tablet (and replays of each) report 10 s of playing, at the same instant.
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => report(i % 2 ? a : b, 10, 10, db)))
      assert.equal(
        answers.reduce((n, r) => n + r.added, 0),
        10,
        answers.map((r) => r.added).join(','),
      )
      const [day] = await t.app.db.select().from(studyDays).where(eq(studyDays.studentId, student.id))
      assert.equal(day!.ms, 10_000)
      const [clock] = await t.app.db.select().from(studyClocks).where(eq(studyClocks.studentId, student.id))
      assert.equal(clock!.lastReportAt!.toISOString(), at(10).toISOString())
    } finally {
      await close()
    }
  })

  test('each heartbeat is ruled on the section and access as they are now, not as the last one found them', async () => {
    const { student, course, sections, report } = await watching()
    const id = sections[0]!.id // 100 s
    await report(id, 0, 0)
    assert.equal((await report(id, 10, 10)).finished, false)
    // The office shortens the video to 15 s: 20 s watched now finish it (the threshold of 15 s is 14 s).
    await t.app.db.update(courseSections).set({ duration: 15 }).where(eq(courseSections.id, id))
    const shortened = await report(id, 15, 20)
    assert.deepEqual([shortened.watched, shortened.finished, shortened.course.finished], [15, true, 1])
    // Another report, then the office takes the course back: the next heartbeat is refused, and writes nothing.
    await report(id, 15, 25)
    await t.app.db.delete(courseEnrolments).where(eq(courseEnrolments.courseId, course.id))
    await assert.rejects(report(id, 15, 30), (e: { statusCode?: number }) => e.statusCode === 403)
    const [day] = await t.app.db.select().from(studyDays).where(eq(studyDays.studentId, student.id))
    assert.equal(day!.ms, 15_000)
  })

  test('the report that crosses a half hour of the day earns its 学习时长 points with the time, once, however many devices send it', async () => {
    const admin = (await adminClient(t.app)).client
    const saved = await admin.post('/api/fms/cybermoney/pointsWay/save', {
      kind: PointsWayKind.studyTime,
      name: '学习时长',
      points: 10,
      dailyCap: 0,
      description: '每学习半小时',
    })
    assert.equal(saved.statusCode, 200, saved.body)
    const { student, sections, report } = await watching()
    const [a, b] = [sections[0]!.id, sections[1]!.id]
    // 29:55 studied today already: the next 10 s cross the half hour.
    await t.app.db.insert(studyDays).values({ studentId: student.id, day: '2026-03-02', ms: 30 * 60_000 - 5_000 })
    await report(a, 0, 0)
    await report(b, 0, 0)
    const studied = () => t.app.db.select().from(pointsRecords).where(eq(pointsRecords.studentId, student.id))
    assert.equal((await studied()).length, 0)
    const { db, close } = openWideDb(t, 10)
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => report(i % 2 ? a : b, 10, 10, db)))
      assert.equal(
        answers.reduce((n, r) => n + r.added, 0),
        10,
      )
    } finally {
      await close()
    }
    const [day] = await t.app.db.select().from(studyDays).where(eq(studyDays.studentId, student.id))
    assert.equal(day!.ms, 30 * 60_000 + 5_000)
    const earned = await studied()
    assert.deepEqual(
      earned.map((r) => [r.wayKind, r.change]),
      [[PointsWayKind.studyTime, 10]],
    )
  })

  test('through the routes: the answer, the current course, and who may open which section', async () => {
    const { client, student } = await studentClient(t.app)
    const { course, sections } = await insertCourse(t.app, {
      title: '大学英语',
      sections: [{ duration: 60 }, { kind: SectionKind.document, duration: 0, mediaKey: 'courses/doc.pdf' }, { duration: 60 }],
    })
    await enrol(t.app, student.id, course.id)
    const [video, doc, third] = sections

    const opened = (await client.get(`${knowledge}/sectionForClient`, { id: video!.id })).json().data
    assert.equal(opened.courseTitle, '大学英语')
    assert.equal(opened.chapterTitle, '第一章')
    assert.deepEqual([opened.prevId, opened.nextId, opened.heartbeatSeconds, opened.position], [null, doc!.id, HEARTBEAT_SECONDS, 0])
    assert.match(opened.url, /^\/files\/courses\/\d+\/1\.mp4\?e=\d+&s=/)
    // The first heartbeat credits nothing; the clock and the section's last report then move 10 s back, as if 10 s had passed.
    const first = await client.put(`${knowledge}/progress`, { sectionId: video!.id, position: 0 })
    assert.deepEqual(first.json().data, {
      position: 0,
      furthest: 0,
      watched: 0,
      finished: false,
      added: 0,
      course: { finished: 0, total: 3, percent: 0 },
    })
    await rewind(student.id, 10)
    const second = (await client.put(`${knowledge}/progress`, { sectionId: video!.id, position: 10 })).json().data
    assert.ok(second.added >= 10 && second.added < 11, String(second.added))

    const document = (await client.get(`${knowledge}/sectionForClient`, { id: doc!.id })).json().data
    assert.deepEqual([document.finished, document.prevId, document.nextId], [true, video!.id, third!.id])
    assert.match(document.url, /^\/files\/courses\/doc\.pdf\?/)
    assert.equal(
      (await client.put(`${knowledge}/progress`, { sectionId: doc!.id, position: 1 })).statusCode,
      422,
      'a document has no heartbeat',
    )
    const current = (await client.get(`${knowledge}/latestCourseId`)).json().data
    assert.deepEqual([current.courseId, current.sectionId, current.title], [course.id, doc!.id, '大学英语'])

    // Not on the course: a trial section of a listed course opens, another is 403, an unlisted course's is 404.
    const { course: sold, sections: soldSections } = await insertCourse(t.app, {
      sections: [{ duration: 50, trial: true }, { duration: 50 }],
    })
    const trial = await client.get(`${knowledge}/sectionForClient`, { id: soldSections[0]!.id })
    assert.equal(trial.statusCode, 200)
    assert.equal(trial.json().data.courseId, sold.id)
    assert.equal((await client.put(`${knowledge}/progress`, { sectionId: soldSections[0]!.id, position: 0 })).statusCode, 200)
    for (const call of [
      () => client.get(`${knowledge}/sectionForClient`, { id: soldSections[1]!.id }),
      () => client.put(`${knowledge}/progress`, { sectionId: soldSections[1]!.id, position: 5 }),
    ]) {
      const res = await call()
      assert.deepEqual([res.statusCode, res.json().message], [403, '请先购买或加入课程'])
    }
    const { sections: hidden } = await insertCourse(t.app, { status: ProductStatus.unlisted, sections: [{ duration: 50, trial: true }] })
    assert.equal((await client.get(`${knowledge}/sectionForClient`, { id: hidden[0]!.id })).statusCode, 404)
    assert.equal((await client.get(`${knowledge}/sectionForClient`, { id: 2_000_000_000 })).statusCode, 404)
    assert.equal((await client.put(`${knowledge}/current`, { courseId: sold.id })).statusCode, 404, 'not a course of theirs')
    // Trial viewing does not make the course the current one.
    assert.equal((await client.get(`${knowledge}/latestCourseId`)).json().data.courseId, course.id)

    // Another student sees none of this student's progress (and, having watched nothing, has no 继续学习).
    const { client: other, student: otherStudent } = await studentClient(t.app)
    await enrol(t.app, otherStudent.id, course.id)
    const theirs = (await other.get(`${knowledge}/sectionForClient`, { id: video!.id })).json().data
    assert.deepEqual([theirs.position, theirs.watched, theirs.finished], [0, 0, false])
    assert.equal((await other.get(`${knowledge}/latestCourseId`)).json().data, null)
  })

  test('watching a section sets the current course, opening one does not; picking one moves it', async () => {
    const student = await insertStudent(t.app)
    const one = await insertCourse(t.app)
    const two = await insertCourse(t.app)
    await enrol(t.app, student.id, one.course.id)
    await enrol(t.app, student.id, two.course.id)
    const report = (sectionId: number, position: number, s: number) =>
      reportProgress({ db: t.app.db, onStudied: earnForStudyTime, studentId: student.id, sectionId, position, now: at(s) })
    await openSection({ db: t.app.db, studentId: student.id, sectionId: one.sections[1]!.id, secret: 's', now: at(0) })
    await report(one.sections[1]!.id, 32, 1)
    assert.equal(await currentCourse({ db: t.app.db, studentId: student.id }), null, 'opened, and a first report that credits nothing')
    await report(one.sections[1]!.id, 42, 11)
    const watched = {
      courseId: one.course.id,
      title: one.course.title,
      sectionId: one.sections[1]!.id,
      sectionTitle: '第2节',
      position: 42,
      studiedAt: at(11).toISOString(),
    }
    assert.deepEqual(await currentCourse({ db: t.app.db, studentId: student.id }), watched)
    // Opening another section (and a report there that credits nothing) leaves 继续学习 where the student watched.
    await openSection({ db: t.app.db, studentId: student.id, sectionId: one.sections[0]!.id, secret: 's', now: at(12) })
    await report(one.sections[0]!.id, 0, 13)
    assert.deepEqual(await currentCourse({ db: t.app.db, studentId: student.id }), watched)
    const picked = await setCurrentCourse({ db: t.app.db, studentId: student.id, courseId: two.course.id, now: at(5) })
    assert.deepEqual(
      [picked?.courseId, picked?.sectionId, picked?.position, picked?.studiedAt],
      [two.course.id, null, 0, at(5).toISOString()],
    )
  })
})
