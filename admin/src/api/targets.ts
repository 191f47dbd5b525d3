/**
 * 部门 (`/api/bms/system/dept`) and 招生目标 (`/api/bms/statistics/enrollTarget`): the office's teams,
 * the month's targets per teacher and department, and the dashboard measuring the clues against them.
 */
import type { ApiBody, ApiData } from '@activity/api-types'
import { del, get, put, post } from './client'

export type Department = ApiData<'/api/bms/system/dept/list', 'get'>['list'][number]
export type DepartmentInput = ApiBody<'/api/bms/system/dept', 'post'>
export type DepartmentChange = ApiBody<'/api/bms/system/dept', 'put'>

export type TargetList = ApiData<'/api/bms/statistics/enrollTarget/list', 'get'>
export type TargetInput = ApiBody<'/api/bms/statistics/enrollTarget', 'put'>
export type TargetStatistics = ApiData<'/api/bms/statistics/enrollTarget/statistics', 'get'>
export type TeacherFigures = TargetStatistics['teachers'][number]
export type DepartmentFigures = TargetStatistics['departments'][number]

const dept = '/api/bms/system/dept'
const target = '/api/bms/statistics/enrollTarget'

export const departmentsApi = {
  list: () => get<{ list: Department[] }>(`${dept}/list`).then((r) => r.list),
  create: (input: DepartmentInput) => post<Department>(dept, input, { quiet: true }),
  update: (change: DepartmentChange) => put<Department>(dept, change, { quiet: true }),
  remove: (id: number) => del<null>(dept, { id }),
  /** Puts an operator in a department (null: in none). */
  setMember: (adminId: number, departmentId: number | null) =>
    put<unknown>(`${dept}/member`, { adminId, departmentId: departmentId ?? '' }),
}

export const EXPORT_TARGETS_PATH = `${target}/export`

export const targetsApi = {
  list: (month: string) => get<TargetList>(`${target}/list`, { month }),
  set: (input: TargetInput) => put<unknown>(target, input),
  statistics: (month: string) => get<TargetStatistics>(`${target}/statistics`, { month }),
}
