import { z } from 'zod'
import { idField } from '../../../lib/fields.ts'

const blankToNull = (v: unknown) => (v === '' || v === null ? null : v)
/** An operator id, or blank / null for "none". */
const optionalOperator = (label: string) =>
  z.preprocess(blankToNull, idField.nullable().optional()).describe(`${label} (admins.id); blank or null: none`)

const name = z.string({ error: '请填写部门名称' }).trim().min(1, '请填写部门名称').max(30, '部门名称不能超过30个字符')

export const createDepartmentBody = z.object({ name, leaderId: optionalOperator('负责人') })
export const updateDepartmentBody = z.object({ id: idField, name: name.optional(), leaderId: optionalOperator('负责人') })
export const idQuery = z.object({ id: idField })
export const setMemberBody = z.object({
  adminId: idField.describe('the operator (admins.id)'),
  departmentId: z.preprocess(blankToNull, z.union([z.null(), idField])).describe('the department (departments.id); blank or null: none'),
})

export const departmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  leaderId: z.number().nullable(),
  leaderName: z.string().nullable(),
  memberCount: z.number(),
  createdAt: z.string(),
})
export const departmentListSchema = z.object({ list: z.array(departmentSchema) })
export const memberSchema = z.object({ adminId: z.number(), departmentId: z.number().nullable() })
