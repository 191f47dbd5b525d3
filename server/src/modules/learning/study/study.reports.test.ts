import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { adminClient, insertStudent, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type TestApp } from '../../../../test/helper.ts'
import { enrol, insertCourse, insertLive } from '../../../../test/study-fixtures.ts'
import { readXlsx } from '../../../../test/xlsx.ts'
import { AdminRole, EnrolmentSource, ProductStatus, ProductType, SectionKind } from '../../../wire.ts'
import { courseEnrolments, courseSections } from '../courses/courses.table.ts'
import { reportProgress, studyTime } from './study.service.ts'
import { watchLive } from './study.live.ts'
import { earnForStudyTime } from '../../points/index.ts'

const join = '/api/sms/study/join'
const reports = '/api/bms/cont/studentVideo'
const T0 = new Date('2026-03-05T02:00:00Z') // 10:00 in Shanghai
const at = (s: number) => new Date(T0.getTime() + s * 1000)

/** My courses and study time for the student; the same progress in the office's reports. */
describe('my courses, study time and the office reports', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('my courses: last studied first, then newest joined, with progress and the last section; live courses apart', async () => {
    const { client, student } = await studentClient(t.app)
    const english = await insertCourse(t.app, { title: '大学英语', sections: [{ duration: 20 }, { duration: 20 }, { duration: 20 }] })
    const maths = await insertCourse(t.app, { title: '高等数学', status: ProductStatus.unlisted })
    const live = await insertCourse(t.app, { title: '直播课', type: ProductType.liveCourse })
    await enrol(t.app, student.id, english.course.id, EnrolmentSource.paid)
    await enrol(t.app, student.id, maths.course.id)
    await enrol(t.app, student.id, live.course.id, EnrolmentSource.free)
    const section = english.sections[0]!
    for (let s = 0; s <= 20; s += 10)
      await reportProgress({
        db: t.app.db,
        onStudied: earnForStudyTime,
        studentId: student.id,
        sectionId: section.id,
        position: s,
        now: at(s),
      })

    const page = (await client.get(`${join}/listStudentOnlineCourseForClient`, { size: 10 })).json().data
    assert.equal(page.total, 3)
    assert.deepEqual(
      page.list.map((c: { title: string }) => c.title),
      ['大学英语', '直播课', '高等数学'],
      'studied first, then newest joined (an unlisted course stays mine)',
    )
    const first = page.list[0]
    assert.deepEqual(
      [first.source, first.finished, first.total, first.percent, first.lastSectionId, first.lastSectionTitle, first.lastStudiedAt],
      [EnrolmentSource.paid, 1, 3, 33, section.id, '第1节', at(20).toISOString()],
    )
    const lives = (await client.get(`${join}/listStudentLiveCourseForClient`)).json().data
    assert.deepEqual(
      lives.list.map((c: { title: string; type: string }) => [c.title, c.type]),
      [['直播课', ProductType.liveCourse]],
    )
    // The office deletes the finished section: the count follows the progress rows, not a stale figure.
    await t.app.db.delete(courseSections).where(eq(courseSections.id, section.id))
    const after = (await client.get(`${join}/listStudentOnlineCourseForClient`)).json().data.list[0]
    assert.deepEqual([after.finished, after.total, after.percent, after.lastSectionId], [0, 2, 0, null])
    const { client: other } = await studentClient(t.app)
    assert.equal((await other.get(`${join}/listStudentOnlineCourseForClient`)).json().data.total, 0)
  })

  test('study time: per Asia/Shanghai day, oldest first, empty days included, sections and live time together', async () => {
    const { client, student } = await studentClient(t.app)
    const { course, sections } = await insertCourse(t.app, { sections: [{ duration: 600 }] })
    await enrol(t.app, student.id, course.id)
    const live = await insertLive(t.app, course.id, { startsAt: at(-3600), endsAt: at(3600) })
    const report = (position: number, s: number) =>
      reportProgress({ db: t.app.db, onStudied: earnForStudyTime, studentId: student.id, sectionId: sections[0]!.id, position, now: at(s) })
    // Yesterday (Shanghai) 20 s of video, today 10 s of video and 10 s of live room.
    await report(0, -86_400)
    await report(10, -86_390)
    await report(20, -86_380)
    await report(20, 0)
    await report(30, 10)
    await watchLive({ db: t.app.db, studentId: student.id, liveId: live.id, now: at(100) })
    await watchLive({ db: t.app.db, studentId: student.id, liveId: live.id, now: at(110) })
    const time = await studyTime({ db: t.app.db, studentId: student.id, days: 3, now: at(200) })
    assert.deepEqual(time, {
      today: 20,
      total: 40,
      days: [
        { day: '2026-03-03', seconds: 0 },
        { day: '2026-03-04', seconds: 20 },
        { day: '2026-03-05', seconds: 20 },
      ],
    })
    const viaRoute = (await client.get('/api/sms/study/studentKnowledge/studyTimeForClient')).json().data
    assert.equal(viaRoute.days.length, 7)
    assert.equal(viaRoute.total, 40)
    assert.equal((await client.get('/api/sms/study/studentKnowledge/studyTimeForClient', { days: 91 })).statusCode, 400)
  })

  test("the office sees the same progress: a course's students (phones masked), its export, and one student's study", async () => {
    const { course, sections } = await insertCourse(t.app, {
      title: '会计基础',
      sections: [{ duration: 20 }, { kind: SectionKind.document, duration: 0 }],
    })
    const { student: ann, client: annClient } = await studentClient(t.app, { name: '安同学', phone: '13912340001', studentNo: 'S2026001' })
    const bob = await insertStudent(t.app, { name: '鲍同学', phone: '13912340002' })
    await enrol(t.app, ann.id, course.id, EnrolmentSource.paid)
    await enrol(t.app, bob.id, course.id)
    for (let s = 0; s <= 20; s += 10)
      await reportProgress({
        db: t.app.db,
        onStudied: earnForStudyTime,
        studentId: ann.id,
        sectionId: sections[0]!.id,
        position: s,
        now: at(s),
      })
    const live = await insertLive(t.app, course.id, { title: '答疑直播', startsAt: at(-600), endsAt: at(-60) })

    const { client: teacher } = await adminClient(t.app, AdminRole.enrollTeacher)
    const page = (await teacher.get(`${reports}/courseReport`, { courseId: course.id })).json().data
    assert.equal(page.total, 2)
    assert.deepEqual(page.list[1], {
      studentId: ann.id,
      name: '安同学',
      phone: '139****0001',
      studentNo: 'S2026001',
      source: EnrolmentSource.paid,
      finished: 1,
      total: 2,
      percent: 50,
      watched: 20,
      lastStudiedAt: at(20).toISOString(),
      joinedAt: page.list[1].joinedAt,
    })
    assert.deepEqual(
      (await teacher.get(`${reports}/courseReport`, { courseId: course.id, keyword: 'S2026' }))
        .json()
        .data.list.map((r: { name: string }) => r.name),
      ['安同学'],
    )
    assert.equal((await teacher.get(`${reports}/courseReport`, { courseId: 2_000_000_000 })).statusCode, 404)

    const file = await teacher.inject({ method: 'GET', url: `${reports}/courseReportExport?courseId=${course.id}` })
    assert.equal(file.statusCode, 200)
    const rows = await readXlsx(file.rawPayload)
    assert.equal(rows.length, 3)
    assert.deepEqual(rows[0]!.slice(0, 3), ['学员编号', '姓名', '手机号'])
    assert.deepEqual(rows[2]!.slice(1, 9), ['安同学', '139****0001', 'S2026001', EnrolmentSource.paid, '1', '2', '50', '0分20秒'])

    const report = (await teacher.get(`${reports}/studentReport`, { studentId: ann.id })).json().data
    assert.deepEqual(report.student, { id: ann.id, name: '安同学', studentNo: 'S2026001' })
    assert.equal(report.courses.length, 1)
    assert.deepEqual([report.courses[0].title, report.courses[0].watched, report.courses[0].percent], ['会计基础', 20, 50])
    assert.deepEqual(report.courses[0].sections, [
      { id: sections[0]!.id, title: '第1节', watched: 20, duration: 20, finished: true, position: 20 },
      { id: sections[1]!.id, title: '第2节', watched: 0, duration: 0, finished: false, position: 0 },
    ])
    assert.equal(report.days.length, 30)
    assert.deepEqual(report.live, [{ id: live.id, title: '答疑直播', startsAt: at(-600).toISOString(), watched: 0, attended: false }])
    assert.equal((await teacher.get(`${reports}/studentReport`, { studentId: 2_000_000_000 })).statusCode, 404)

    // The course's page (the courses module) shows the same progress to the student.
    const detail = (await annClient.get('/api/bms/cont/continueCourse/detailsForClient', { id: course.id })).json().data
    assert.deepEqual(detail.progress, { finished: 1, total: 2, percent: 50 })
    assert.equal(detail.lastSectionId, sections[0]!.id)
    assert.deepEqual(
      detail.chapters[0].sections.map((x: { finished: boolean; position: number }) => [x.finished, x.position]),
      [
        [true, 20],
        [false, 0],
      ],
    )

    // The enrolment's count is what the reports read: it equals the finished progress rows.
    const [enrolment] = await t.app.db.select().from(courseEnrolments).where(eq(courseEnrolments.studentId, ann.id))
    assert.equal(enrolment!.finished, 1)
  })
})
