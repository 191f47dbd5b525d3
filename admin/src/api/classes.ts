/**
 * 班级 (`/api/zms/class`): the office's classes with their head teacher, and 分班 (placing
 * students, picked or by a roll filter; one in another class moves). A class's roster is the
 * student list filtered by `classId` (studentsApi.list).
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put, upload } from './client'

/** A class with its head teacher's name and how many students it holds now. */
export type SchoolClass = ApiItem<'/api/zms/class/list', 'get'>

export type ClassQuery = ApiQueryText<'/api/zms/class/list', 'get'>

/** `headTeacherId` null: no head teacher yet. */
export type ClassInput = ApiBody<'/api/zms/class', 'post'>

/** 分班: `studentIds`, or `filter` (the student list's filters: every student it matches). */
export type AssignInput = ApiBody<'/api/zms/class/assign', 'post'>

/** How many joined (`moved` of them from another class) and how many were in the class already. */
export type AssignResult = ApiData<'/api/zms/class/assign', 'post'>

/** A student's classes, newest first. */
export type ClassHistory = ApiData<'/api/zms/class/history', 'get'>['list']

const base = '/api/zms/class'

/** What 导入分班 answers: rows read and taken, who joined or moved, the refused rows. */
export type ClassImportReport = ApiData<'/api/zms/class/import', 'post'>

/** An operator who may head a class. */
export type HeadTeacherOption = ApiItem<'/api/zms/class/headTeachers', 'get'>

export const classesApi = {
  list: (query: ClassQuery) => get<Page<SchoolClass>>(`${base}/list`, query),
  details: (id: number) => get<SchoolClass>(`${base}/details`, { id }),
  create: (input: ClassInput) => post<SchoolClass>(base, input, { quiet: true }),
  update: (change: Partial<ClassInput> & { id: number }) => put<SchoolClass>(base, change, { quiet: true }),
  /** Refused (422) while the class has students. */
  remove: (id: number) => del<null>(base, { id }),
  assign: (input: AssignInput) => post<AssignResult>(`${base}/assign`, input, { quiet: true }),
  removeStudents: (classId: number, studentIds: number[]) => post<{ removed: number }>(`${base}/remove`, { classId, studentIds }),
  history: (studentId: number) => get<{ list: ClassHistory }>(`${base}/history`, { studentId }).then((r) => r.list),
  /** 分班 by spreadsheet (手机号 or 学号 per row): all or nothing, every refused row reported. */
  import: (classId: number, file: Blob) => upload<ClassImportReport>(`${base}/import?classId=${classId}`, file, { quiet: true }),
  importTemplatePath: `${base}/importTemplate`,
  /** Who may head a class: every enabled operator, with their position (quiet: a picker elsewhere that does without it). */
  headTeachers: (options?: { quiet?: boolean }) =>
    get<{ list: HeadTeacherOption[] }>(`${base}/headTeachers`, undefined, options).then((r) => r.list),
}
