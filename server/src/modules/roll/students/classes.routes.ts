import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { buildTemplate, readSheet, uploadedXlsx } from '../../../lib/spreadsheet.ts'
import { XLSX_TYPE } from '../../../lib/xlsx-export.ts'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { actorOf } from '../../platform/index.ts'
import {
  assignBody,
  assignResultSchema,
  classHistorySchema,
  classImportReportSchema,
  headTeacherOptionsSchema,
  importQuery,
  classListQuery,
  classSchema,
  createClassBody,
  historyQuery,
  idQuery,
  removeBody,
  removeResultSchema,
  updateClassBody,
} from './classes.schemas.ts'
import {
  assignStudents,
  CLASS_IMPORT_COLUMNS,
  classById,
  classHistory,
  createClass,
  headTeacherOptions,
  importToClass,
  listClasses,
  removeClass,
  removeStudents,
  updateClass,
} from './classes.service.ts'
import type { ClassInput } from './classes.service.ts'

/**
 * Classes (班级) under /api/zms/class: the office keeps them, gives each a head teacher (audited)
 * and places students (picked, or every student a roll filter matches). A class's students are the
 * student list filtered by `classId` (/api/ems/education/schoolRoll/list).
 */
export const classesRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/zms/class'
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin(['classes.view', 'classes.edit'])
  const writer = app.requireAdmin('classes.edit')
  await app.register(multipart, { limits: { fileSize: app.config.uploadLimit, files: 1, fields: 2, parts: 3 } })

  app.get(
    `${base}/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operators: classes, newest batch first, with head teacher and how many students each holds now',
        security,
        querystring: classListQuery,
        response: { 200: envelope(pageOf(classSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok({ ...(await listClasses({ db: app.db, filter, page, size })), page, size })
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: reader,
      schema: { summary: 'Operators: one class', security, querystring: idQuery, response: { 200: envelope(classSchema) } },
    },
    async (request) => ok(await classById({ db: app.db, id: request.query.id })),
  )

  app.get(
    `${base}/headTeachers`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operators: who may head a class (every enabled operator, with their position), for the class form',
        security,
        response: { 200: envelope(headTeacherOptionsSchema) },
      },
    },
    async () => ok({ list: await headTeacherOptions({ db: app.db }) }),
  )

  app.get(
    `${base}/history`,
    {
      preHandler: app.requireAdmin(['classes.view', 'students.view']),
      schema: {
        summary: "Operators: a student's classes, newest first (when they joined and left)",
        security,
        querystring: historyQuery,
        response: { 200: envelope(classHistorySchema) },
      },
    },
    async (request) => ok({ list: await classHistory({ db: app.db, studentId: request.query.studentId }) }),
  )

  app.post(
    base,
    {
      preHandler: writer,
      schema: {
        summary: 'Operators: add a class (a unique name)',
        security,
        consumes: FORM_CONSUMES,
        body: createClassBody,
        response: { 200: envelope(classSchema) },
      },
    },
    async (request) => {
      const row = await app.db.transaction((tx) => createClass({ db: tx, input: request.body as ClassInput, actor: actorOf(request) }))
      return ok(await classById({ db: app.db, id: row.id }))
    },
  )

  app.put(
    base,
    {
      preHandler: writer,
      schema: {
        summary: 'Operators: change a class; a new head teacher is recorded (更换班主任) in the audit log',
        security,
        consumes: FORM_CONSUMES,
        body: updateClassBody,
        response: { 200: envelope(classSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      await app.db.transaction((tx) => updateClass({ db: tx, id, input: input as Partial<ClassInput>, actor: actorOf(request) }))
      return ok(await classById({ db: app.db, id }))
    },
  )

  app.delete(
    base,
    { preHandler: writer, schema: { summary: 'Operators: remove a class without students', security, querystring: idQuery } },
    async (request) => {
      await app.db.transaction((tx) => removeClass({ db: tx, id: request.query.id, actor: actorOf(request) }))
      return ok(null)
    },
  )

  app.post(
    `${base}/assign`,
    {
      preHandler: writer,
      schema: {
        summary:
          '分班: put students in a class, picked (studentIds) or every student a roll filter matches; one in another class moves (history kept)',
        security,
        consumes: FORM_CONSUMES,
        body: assignBody,
        response: { 200: envelope(assignResultSchema) },
      },
    },
    async (request) => {
      const { classId, studentIds, filter } = request.body
      return ok(await app.db.transaction((tx) => assignStudents({ db: tx, classId, studentIds, filter, actor: actorOf(request) })))
    },
  )

  app.get(
    `${base}/importTemplate`,
    { preHandler: writer, schema: { summary: '分班 import template (.xlsx): 手机号 or 学号 per row', security } },
    async (_request, reply) => {
      const data = await buildTemplate({
        sheetName: '分班',
        columns: CLASS_IMPORT_COLUMNS,
        notes: ['每行填写一名学员的手机号或学号；已在其他班级的学员会转入本班。'],
      })
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent('分班导入模板.xlsx')}`)
        .header('Cache-Control', 'no-store')
        .send(data)
    },
  )

  app.post(
    `${base}/import`,
    {
      preHandler: writer,
      schema: {
        summary:
          '分班 by spreadsheet (.xlsx, field `file`; 手机号 or 学号 per row). All or nothing: with any row naming nobody, nothing is placed and every such row is listed',
        security,
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: { 200: envelope(classImportReportSchema) },
      },
    },
    async (request) => {
      const data = await uploadedXlsx({ request, limit: app.config.uploadLimit })
      const rows = await readSheet({ data, columns: CLASS_IMPORT_COLUMNS })
      return ok(await app.db.transaction((tx) => importToClass({ db: tx, classId: request.query.classId, rows, actor: actorOf(request) })))
    },
  )

  app.post(
    `${base}/remove`,
    {
      preHandler: writer,
      schema: {
        summary: 'Operators: take students out of a class',
        security,
        consumes: FORM_CONSUMES,
        body: removeBody,
        response: { 200: envelope(removeResultSchema) },
      },
    },
    async (request) => {
      const { classId, studentIds } = request.body
      return ok(await app.db.transaction((tx) => removeStudents({ db: tx, classId, studentIds, actor: actorOf(request) })))
    },
  )
}
