import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'
import {
  chapterSchema,
  createChapterBody,
  createSectionBody,
  idQuery,
  sectionWriteSchema,
  sortChaptersBody,
  sortSectionsBody,
  updateChapterBody,
  updateSectionBody,
} from './courses.schemas.ts'
import {
  createChapter,
  createSection,
  removeChapter,
  removeSection,
  sortChapters,
  sortSections,
  toAdminSection,
  updateChapter,
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
