import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'
import {
  chapterSchema,
  createChapterBody,
  createLiveBody,
  createSectionBody,
  grantBody,
  grantSchema,
  idQuery,
  liveListQuery,
  liveSchema,
  revokeQuery,
  sectionWriteSchema,
  sortChaptersBody,
  sortSectionsBody,
  updateChapterBody,
  updateLiveBody,
  updateSectionBody,
} from './courses.schemas.ts'
import {
  createChapter,
  createLive,
  createSection,
  grantCourse,
  liveSessionList,
  removeChapter,
  removeLive,
  removeSection,
  revokeGrant,
  sortChapters,
  sortSections,
  toAdminSection,
  toLive,
  updateChapter,
  updateLive,
  updateSection,
} from './courses.service.ts'

/** The office's chapters and sections of a course: every role reads, 管理员 writes; every write is in the audit log. */
export const coursesAdminChaptersRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const writer = app.requireAdmin('courses.edit')
  const secret = app.config.secret
  const chapterBase = '/api/bms/cont/chapter'

  app.post(
    chapterBase,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a chapter at the end of a course',
        security,
        consumes: FORM_CONSUMES,
        body: createChapterBody,
        response: { 200: envelope(chapterSchema) },
      },
    },
    async (request) =>
      ok(
        chapterOut(
          await audited({
            app,
            request,
            run: (tx) => createChapter({ db: tx, ...request.body }),
            describe: (c) => ({
              action: 'chapter.create',
              entityType: 'chapter',
              entityId: c.id,
              summary: `新增章「${c.title}」（课程编号${c.courseId}）`,
            }),
          }),
        ),
      ),
  )

  app.put(
    chapterBase,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: rename a chapter',
        security,
        consumes: FORM_CONSUMES,
        body: updateChapterBody,
        response: { 200: envelope(chapterSchema) },
      },
    },
    async (request) =>
      ok(
        chapterOut(
          await audited({
            app,
            request,
            run: (tx) => updateChapter({ db: tx, ...request.body }),
            describe: (c) => ({ action: 'chapter.update', entityType: 'chapter', entityId: c.id, summary: `修改章「${c.title}」` }),
          }),
        ),
      ),
  )

  auditedDeleteRoute(app, {
    path: chapterBase,
    preHandler: writer,
    summary: '管理员: remove a chapter without sections',
    idQuery,
    action: 'chapter.delete',
    entityType: 'chapter',
    label: '章',
    remove: (tx, id) => removeChapter({ db: tx, id }),
  })

  app.put(
    `${chapterBase}/sort`,
    {
      preHandler: writer,
      schema: {
        summary: "管理员: order a course's chapters (ids: all of them, in the new order), in one transaction",
        security,
        consumes: FORM_CONSUMES,
        body: sortChaptersBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => sortChapters({ db: tx, ...request.body }),
        describe: () => ({
          action: 'chapter.sort',
          entityType: 'course',
          entityId: request.body.courseId,
          summary: `调整章顺序（课程编号${request.body.courseId}）`,
          after: { ids: request.body.ids },
        }),
      })
      return ok(null)
    },
  )

  const sectionOut = (s: Parameters<typeof toAdminSection>[0]) => ({
    ...toAdminSection(s, secret),
    chapterId: s.chapterId,
    courseId: s.courseId,
  })

  app.post(
    `${chapterBase}/saveSection`,
    {
      preHandler: writer,
      schema: {
        summary:
          '管理员: add a section at the end of a chapter: 视频 (mediaKey from an upload + duration), 文档 (mediaKey), 直播 (a live session of the course)',
        security,
        consumes: FORM_CONSUMES,
        body: createSectionBody,
        response: { 200: envelope(sectionWriteSchema) },
      },
    },
    async (request) => {
      const { chapterId, ...input } = request.body
      return ok(
        sectionOut(
          await audited({
            app,
            request,
            run: (tx) => createSection({ db: tx, storage: app.storage, chapterId, input }),
            describe: (s) => ({
              action: 'section.create',
              entityType: 'section',
              entityId: s.id,
              summary: `新增${s.kind}小节「${s.title}」${s.trial ? '（试看）' : ''}`,
            }),
          }),
        ),
      )
    },
  )

  app.put(
    `${chapterBase}/updateSection`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a section (its chapter changes with sortSection)',
        security,
        consumes: FORM_CONSUMES,
        body: updateSectionBody,
        response: { 200: envelope(sectionWriteSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      const { after } = await audited({
        app,
        request,
        run: (tx) => updateSection({ db: tx, storage: app.storage, id, input }),
        describe: ({ before, after: s }) => ({
          action: 'section.update',
          entityType: 'section',
          entityId: s.id,
          summary: `修改小节「${s.title}」`,
          ...(before.trial === s.trial ? {} : { before: { trial: before.trial }, after: { trial: s.trial } }),
        }),
      })
      return ok(sectionOut(after))
    },
  )

  auditedDeleteRoute(app, {
    path: `${chapterBase}/removeSection`,
    preHandler: writer,
    summary: "管理员: remove a section (with its students' progress on it); a listed course keeps at least one",
    idQuery,
    action: 'section.delete',
    entityType: 'section',
    label: '小节',
    remove: (tx, id) => removeSection({ db: tx, id }),
  })

  app.put(
    `${chapterBase}/sortSection`,
    {
      preHandler: writer,
      schema: {
        summary:
          "管理员: order a chapter's sections in one transaction (ids: every section of the chapter, plus any of the course's other chapters that move here)",
        security,
        consumes: FORM_CONSUMES,
        body: sortSectionsBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => sortSections({ db: tx, ...request.body }),
        describe: ({ chapter, moved }) => ({
          action: 'section.sort',
          entityType: 'chapter',
          entityId: chapter.id,
          summary: `调整「${chapter.title}」的小节顺序${moved ? `（移入${moved}节）` : ''}`,
          after: { ids: request.body.ids },
        }),
      })
      return ok(null)
    },
  )
}

const chapterOut = (c: { id: number; courseId: number; title: string; sort: number }) => ({
  id: c.id,
  courseId: c.courseId,
  title: c.title,
  sort: c.sort,
})

/** The 上海 day after `date` (YYYY-MM-DD) begins: a `to` date is inclusive. */
const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`)
const nextDay = (date: string) => new Date(dayStart(date).getTime() + 86_400_000)

/** The office's live sessions (直播课表): every role reads, 管理员 writes; every write is in the audit log. */
export const coursesAdminLiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('courses.view')
  const writer = app.requireAdmin('courses.edit')
  const secret = app.config.secret
  const liveBase = '/api/bms/cont/liveCourseSchedule'

  app.get(
    `${liveBase}/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: live sessions, latest start first, by course and start date (from/to inclusive, Asia/Shanghai)',
        security,
        querystring: liveListQuery,
        response: { 200: envelope(pageOf(liveSchema)) },
      },
    },
    async (request) => {
      const { page, size, courseId, from, to } = request.query
      const { rows, total } = await liveSessionList({
        db: app.db,
        filter: { courseId, from: from ? dayStart(from) : undefined, to: to ? nextDay(to) : undefined },
        page,
        size,
      })
      return ok({ list: rows.map((r) => toLive(r, secret)), total, page, size })
    },
  )

  app.post(
    liveBase,
    {
      preHandler: writer,
      schema: {
        summary:
          '管理员: schedule a live session of a course (roomUrl: the provider room; empty: the configured provider or the local room)',
        security,
        consumes: FORM_CONSUMES,
        body: createLiveBody,
        response: { 200: envelope(liveSchema) },
      },
    },
    async (request) =>
      ok(
        toLive(
          await audited({
            app,
            request,
            run: (tx) => createLive({ db: tx, storage: app.storage, input: request.body }),
            describe: (r) => ({
              action: 'live.create',
              entityType: 'live',
              entityId: r.live.id,
              summary: `新增直播「${r.live.title}」（${r.courseTitle}）`,
            }),
          }),
          secret,
        ),
      ),
  )

  app.put(
    liveBase,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a live session (times, room, playback once it is recorded)',
        security,
        consumes: FORM_CONSUMES,
        body: updateLiveBody,
        response: { 200: envelope(liveSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      return ok(
        toLive(
          await audited({
            app,
            request,
            run: (tx) => updateLive({ db: tx, storage: app.storage, id, input }),
            describe: (r) => ({ action: 'live.update', entityType: 'live', entityId: r.live.id, summary: `修改直播「${r.live.title}」` }),
          }),
          secret,
        ),
      )
    },
  )

  auditedDeleteRoute(app, {
    path: liveBase,
    preHandler: writer,
    summary: '管理员: remove a live session no section names',
    idQuery,
    action: 'live.delete',
    entityType: 'live',
    label: '直播',
    remove: (tx, id) => removeLive({ db: tx, id }),
  })
}

/** The office's course grants (学校开通) and their withdrawal: every role reads, 管理员 writes; every write is in the audit log. */
export const coursesAdminGrantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const writer = app.requireAdmin('courses.edit')

  app.post(
    '/api/sms/study/join/batchJoinOnlineCourse',
    {
      preHandler: writer,
      schema: {
        summary:
          '管理员: 学校开通 a course to students (ids, and/or every student of a school/major/level/batch), in one statement; those who have it keep theirs',
        security,
        consumes: FORM_CONSUMES,
        body: grantBody,
        response: { 200: envelope(grantSchema) },
      },
    },
    async (request) => {
      const { courseId, ...target } = request.body
      const { granted, already } = await audited({
        app,
        request,
        run: (tx) => grantCourse({ db: tx, courseId, target, adminId: request.admin.id }),
        describe: (r) => ({
          action: 'course.grant',
          entityType: 'course',
          entityId: courseId,
          summary: `开通课程「${r.course.title}」给${r.granted}名学员${r.already ? `（${r.already}名已有）` : ''}`,
          after: { granted: r.granted, already: r.already },
        }),
      })
      return ok({ granted, already })
    },
  )

  app.delete(
    '/api/sms/study/join',
    {
      preHandler: writer,
      schema: {
        summary: '管理员: withdraw a course the school granted a student (a bought or free one: 422)',
        security,
        querystring: revokeQuery,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => revokeGrant({ db: tx, ...request.query }),
        describe: (e) => ({
          action: 'course.revoke',
          entityType: 'course',
          entityId: e.courseId,
          summary: `撤销学员（编号${e.studentId}）的开通课程（编号${e.courseId}）`,
          before: { source: e.source },
        }),
      })
      return ok(null)
    },
  )
}
