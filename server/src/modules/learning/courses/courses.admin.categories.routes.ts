import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'
import {
  categorySchema,
  categoryTreeSchema,
  createCategoryBody,
  idQuery,
  sortCategoriesBody,
  updateCategoryBody,
} from './courses.schemas.ts'
import { categoryTree, createCategory, removeCategory, sortCategories, updateCategory } from './courses.service.ts'

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
