import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { audited, auditedDeleteRoute } from '../audit/index.ts'
import {
  createDepartmentBody,
  departmentListSchema,
  departmentSchema,
  idQuery,
  memberSchema,
  setMemberBody,
  updateDepartmentBody,
} from './departments.schemas.ts'
import { createDepartment, listDepartments, removeDepartment, setMember, toDepartment, updateDepartment } from './departments.service.ts'
import type { Executor } from '../../../db/types.ts'

/**
 * Departments (部门/团队) under /api/bms/system/dept: 管理员 keeps them and puts operators in them;
 * every operator reads the list (the targets screens name teams by it).
 */
export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/bms/system/dept'
  const security = [{ adminSession: [] }]
  // The list is read wherever operators are shown with their department (操作员, 招生目标…).
  const reader = app.requireAdmin(['departments.view', 'departments.edit', 'operators.view', 'targets.view', 'clues.work'])
  const writer = app.requireAdmin('departments.edit')

  /** The department as the list shows it, read after a write in the write's transaction. */
  const shown = async (db: Executor, id: number) => {
    const row = (await listDepartments({ db })).find((r) => r.department.id === id)
    return toDepartment(row!)
  }

  app.get(
    `${base}/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: every department by name, with its leader and how many operators it holds',
        security,
        response: { 200: envelope(departmentListSchema) },
      },
    },
    async () => ok({ list: (await listDepartments({ db: app.db })).map(toDepartment) }),
  )

  app.post(
    base,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a department (a unique name, an optional leader operator)',
        security,
        consumes: FORM_CONSUMES,
        body: createDepartmentBody,
        response: { 200: envelope(departmentSchema) },
      },
    },
    async (request) =>
      ok(
        await audited({
          app,
          request,
          run: async (tx) => shown(tx, (await createDepartment({ db: tx, input: request.body })).id),
          describe: (d) => ({
            action: 'department.create',
            entityType: 'department',
            entityId: d.id,
            summary: `新增部门「${d.name}」${d.leaderName ? `，负责人${d.leaderName}` : ''}`,
            after: { name: d.name, leaderId: d.leaderId },
          }),
        }),
      ),
  )

  app.put(
    base,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: rename a department or change its leader (leaderId blank: none)',
        security,
        consumes: FORM_CONSUMES,
        body: updateDepartmentBody,
        response: { 200: envelope(departmentSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      return ok(
        await audited({
          app,
          request,
          run: async (tx) => {
            const { before } = await updateDepartment({ db: tx, id, input })
            return { before, after: await shown(tx, id) }
          },
          describe: ({ before, after }) => ({
            action: 'department.update',
            entityType: 'department',
            entityId: id,
            summary: `修改部门「${after.name}」`,
            before: { name: before.name, leaderId: before.leaderId },
            after: { name: after.name, leaderId: after.leaderId },
          }),
        }).then((r) => r.after),
      )
    },
  )

  auditedDeleteRoute(app, {
    path: base,
    preHandler: writer,
    summary: '管理员: remove a department without members (its targets go with it)',
    idQuery,
    action: 'department.delete',
    entityType: 'department',
    label: '部门',
    remove: (tx, id) => removeDepartment({ db: tx, id }),
  })

  app.put(
    `${base}/member`,
    {
      preHandler: writer,
      schema: {
        summary: "管理员: set an operator's department (departmentId blank: none)",
        security,
        consumes: FORM_CONSUMES,
        body: setMemberBody,
        response: { 200: envelope(memberSchema) },
      },
    },
    async (request) => {
      const { adminId, departmentId } = request.body
      await audited({
        app,
        request,
        run: (tx) => setMember({ db: tx, adminId, departmentId }),
        describe: ({ admin, beforeId, department }) => ({
          action: 'department.member',
          entityType: 'admin',
          entityId: admin.id,
          summary: department ? `操作员${admin.name}调入部门「${department.name}」` : `操作员${admin.name}移出部门`,
          before: { departmentId: beforeId },
          after: { departmentId },
        }),
      })
      return ok({ adminId, departmentId })
    },
  )
}
