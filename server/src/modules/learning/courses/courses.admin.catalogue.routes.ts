import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'
import {
  adminCourseDetailSchema,
  adminCourseListQuery,
  adminCourseSchema,
  categorySchema,
  categoryTreeSchema,
  changeStatusBody,
  createCategoryBody,
  createCourseBody,
  idQuery,
  sortCategoriesBody,
  updateCategoryBody,
  updateCourseBody,
} from './courses.schemas.ts'
import {
  adminCourseDetail,
  adminCourseList,
  categoryTree,
  changeCourseStatus,
  type CourseInUse,
  createCategory,
  createCourse,
  removeCategory,
  removeCourse,
  sortCategories,
  toAdminCourse,
  updateCategory,
  updateCourse,
} from './courses.service.ts'
import { formatYuan } from '@activity/money'

/** The office's course categories (课程分类): every role reads, 管理员 writes; every write is in the audit log. */
export const coursesAdminCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('courses.view')
  const writer = app.requireAdmin('courses.edit')
  const categoryBase = '/api/bms/cont/continueConfig/courseCategory'

  app.get(
    categoryBase,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: the course category tree, with each category’s courses (a first-level one: its children’s)',
        security,
        response: { 200: envelope(z.array(categoryTreeSchema)) },
      },
    },
    async () => ok(await categoryTree({ db: app.db })),
  )

  const toCategory = (c: { id: number; parentId: number | null; name: string; enabled: boolean; sort: number }) => ({
    id: c.id,
    parentId: c.parentId,
    name: c.name,
    enabled: c.enabled,
    sort: c.sort,
  })

  app.post(
    categoryBase,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a category (first level, or a second level under a first-level parentId); names are unique among siblings',
        security,
        consumes: FORM_CONSUMES,
        body: createCategoryBody,
        response: { 200: envelope(categorySchema) },
      },
    },
    async (request) =>
      ok(
        toCategory(
          await audited({
            app,
            request,
            run: (tx) => createCategory({ db: tx, parentId: request.body.parentId ?? null, name: request.body.name }),
            describe: (c) => ({ action: 'category.create', entityType: 'category', entityId: c.id, summary: `新增课程分类「${c.name}」` }),
          }),
        ),
      ),
  )

  app.put(
    categoryBase,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: rename a category, enable or disable it (a disabled one and its courses leave the catalogue)',
        security,
        consumes: FORM_CONSUMES,
        body: updateCategoryBody,
        response: { 200: envelope(categorySchema) },
      },
    },
    async (request) => {
      const { after } = await audited({
        app,
        request,
        run: (tx) => updateCategory({ db: tx, ...request.body }),
        describe: ({ before, after: c }) => ({
          action: 'category.update',
          entityType: 'category',
          entityId: c.id,
          summary: before.enabled === c.enabled ? `修改课程分类「${c.name}」` : `${c.enabled ? '启用' : '停用'}课程分类「${c.name}」`,
          ...(before.enabled === c.enabled ? {} : { before: { enabled: before.enabled }, after: { enabled: c.enabled } }),
        }),
      })
      return ok(toCategory(after))
    },
  )

  auditedDeleteRoute(app, {
    path: categoryBase,
    preHandler: writer,
    summary: '管理员: remove a category without children or courses',
    idQuery,
    action: 'category.delete',
    entityType: 'category',
    label: '课程分类',
    remove: (tx, id) => removeCategory({ db: tx, id }),
  })

  app.put(
    `${categoryBase}/sort`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: order the categories of one level (ids: all of them, in the new order)',
        security,
        consumes: FORM_CONSUMES,
        body: sortCategoriesBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const parentId = request.body.parentId ?? null
      await audited({
        app,
        request,
        run: (tx) => sortCategories({ db: tx, parentId, ids: request.body.ids }),
        describe: () => ({
          action: 'category.sort',
          entityType: 'category',
          entityId: parentId ?? 0,
          summary: `调整${parentId === null ? '一级' : `分类（编号${parentId}）下的`}分类顺序`,
          after: { ids: request.body.ids },
        }),
      })
      return ok(null)
    },
  )
}

/** The office's courses: the list, a course's details, writes and status: every role reads, 管理员 writes; every write is in the audit log. */
export const coursesAdminCoursesRoutes: FastifyPluginAsyncZod<{ courseInUse: CourseInUse }> = async (app, { courseInUse }) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('courses.view')
  const writer = app.requireAdmin('courses.edit')
  const secret = app.config.secret
  const courseBase = '/api/bms/cont/continueCourse'

  app.get(
    `${courseBase}/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: courses by title, category, type and status, with sections, students and those who finished',
        security,
        querystring: adminCourseListQuery,
        response: { 200: envelope(pageOf(adminCourseSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await adminCourseList({ db: app.db, filter, page, size })
      return ok({ list: rows.map(toAdminCourse), total, page, size })
    },
  )

  app.get(
    `${courseBase}/details`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: a course with its chapters and sections (each file with a signed address to preview)',
        security,
        querystring: idQuery,
        response: { 200: envelope(adminCourseDetailSchema) },
      },
    },
    async (request) => ok(await adminCourseDetail({ db: app.db, secret, id: request.query.id })),
  )

  app.post(
    courseBase,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a course (下架 until it has sections and is listed); on a second-level category',
        security,
        consumes: FORM_CONSUMES,
        body: createCourseBody,
        response: { 200: envelope(adminCourseDetailSchema) },
      },
    },
    async (request) => {
      const course = await audited({
        app,
        request,
        run: (tx) => createCourse({ db: tx, input: request.body, adminId: request.admin.id }),
        describe: (c) => ({
          action: 'course.create',
          entityType: 'course',
          entityId: c.id,
          summary: `新增课程「${c.title}」${c.price ? formatYuan(c.price, { grouping: false }) : '免费'}`,
          after: { status: c.status, price: c.price },
        }),
      })
      return ok(await adminCourseDetail({ db: app.db, secret, id: course.id }))
    },
  )

  app.put(
    courseBase,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a course (its status changes with changeStatus)',
        security,
        consumes: FORM_CONSUMES,
        body: updateCourseBody,
        response: { 200: envelope(adminCourseDetailSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      await audited({
        app,
        request,
        run: (tx) => updateCourse({ db: tx, id, input }),
        describe: ({ before, after }) => ({
          action: 'course.update',
          entityType: 'course',
          entityId: id,
          summary: `修改课程「${after.title}」`,
          ...(before.price === after.price ? {} : { before: { price: before.price }, after: { price: after.price } }),
        }),
      })
      return ok(await adminCourseDetail({ db: app.db, secret, id }))
    },
  )

  app.put(
    `${courseBase}/changeStatus`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: 上架 (needs at least one section) or 下架 a course; its students keep it either way',
        security,
        consumes: FORM_CONSUMES,
        body: changeStatusBody,
        response: { 200: envelope(adminCourseDetailSchema) },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => changeCourseStatus({ db: tx, ...request.body }),
        describe: ({ before, after }) => ({
          action: 'course.status',
          entityType: 'course',
          entityId: after.id,
          summary: `${after.status}课程「${after.title}」`,
          before: { status: before.status },
          after: { status: after.status },
        }),
      })
      return ok(await adminCourseDetail({ db: app.db, secret, id: request.body.id }))
    },
  )

  auditedDeleteRoute(app, {
    path: courseBase,
    preHandler: writer,
    summary: '管理员: remove a course with its chapters, sections and live sessions (a course with students: 422, 下架 it instead)',
    idQuery,
    action: 'course.delete',
    entityType: 'course',
    label: '课程',
    remove: (tx, id) => removeCourse({ db: tx, id, courseInUse }),
  })
}
