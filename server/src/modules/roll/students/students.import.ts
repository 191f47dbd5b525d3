import type { Executor } from '../../../db/types.ts'
import { type Column, createTooManyRowsError, type SheetRow } from '../../../lib/spreadsheet.ts'
import { BATCH_MAX, BATCH_YEAR_MAX, BATCH_YEAR_MIN, EDUCATION_TYPES, GENDERS, STUDENT_LEVELS, StudentStatus } from '../../../wire.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { createStudentsRepository, type StudentInsert } from './students.repository.ts'
import { idCardField, nameField } from './students.schemas.ts'

// The office's xlsx import of students (学员导入), all or nothing like the clue import.

export const IMPORT_MAX_ROWS = 5000

export const STUDENT_IMPORT_COLUMNS: Column[] = [
  { header: '姓名', required: true, width: 12, example: '林小雨', note: '2-20个字符' },
  {
    header: '手机号',
    required: true,
    text: true,
    width: 16,
    example: '13900001234',
    note: '11位手机号，学员用它登录；已登记为学员的手机号不能再导入',
  },
  {
    header: '身份证号',
    required: false,
    text: true,
    width: 22,
    example: '11010519491231002X',
    note: '18位身份证号，可留空；已被其他学员使用的身份证号不能再导入',
  },
  { header: '性别', required: false, width: 8, example: '女', note: '男或女，可留空' },
  { header: '教育类型', required: true, width: 12, example: '成人高考', note: EDUCATION_TYPES.join('、') },
  { header: '学校', required: true, width: 20, example: '浙江工商大学', note: '最多50个字符' },
  { header: '专业', required: true, width: 20, example: '工商管理', note: '最多50个字符' },
  { header: '层次', required: true, width: 8, example: '本科', note: STUDENT_LEVELS.join('或') },
  { header: '报读项目', required: false, width: 12, example: '专升本', note: '专升本、高起专等，可留空' },
  { header: '学科', required: false, width: 20, example: '管理学-工商管理类', note: '最多50个字符，可留空' },
  { header: '年份', required: true, text: true, width: 8, example: '2026', note: `${BATCH_YEAR_MIN}-${BATCH_YEAR_MAX}` },
  { header: '批次', required: true, text: true, width: 8, example: '1', note: `1-${BATCH_MAX}（可写“1期”）` },
  { header: '学号', required: false, text: true, width: 16, example: '2026010001', note: '可留空；不能与已有学号重复' },
  { header: '备注', required: false, width: 30, example: '', note: '最多200个字符' },
]
export const STUDENT_IMPORT_NOTES = [
  '导入规则：第一行为表头，从第二行起每行一名学员；空行会被跳过。',
  `全部行都正确才会导入（同一事务）：只要有一行有问题，整个文件都不导入，结果中列出每个问题行的行号和原因；修改后重新导入。单次最多${IMPORT_MAX_ROWS}行。`,
  '导入的学员学籍状态为“在读”。',
]

export interface StudentImportError {
  row: number
  reason: string
}

const within = (label: string, value: string, max: number) => (value.length > max ? `${label}不能超过${max}个字符` : undefined)

/** One row as the values to insert, or the reason it is refused. */
function readRow(cells: Record<string, string>): { values: StudentInsert } | { reason: string } {
  const cell = (h: string) => cells[h] ?? ''
  const name = nameField.safeParse(cell('姓名'))
  if (!name.success) return { reason: cell('姓名') ? (name.error.issues[0]?.message ?? '姓名不正确') : '请填写姓名' }
  const phone = cell('手机号').replace(/\s/g, '')
  if (!/^1[3-9]\d{9}$/.test(phone)) return { reason: phone ? '手机号格式不正确' : '请填写手机号' }
  let idCard: string | null = null
  if (cell('身份证号')) {
    const parsed = idCardField.safeParse(cell('身份证号').replace(/\s/g, ''))
    if (!parsed.success) return { reason: '身份证号不正确' }
    idCard = parsed.data
  }
  const gender = cell('性别')
  if (gender && !(GENDERS as readonly string[]).includes(gender)) return { reason: '性别只能是男或女' }
  const educationType = cell('教育类型')
  if (!(EDUCATION_TYPES as readonly string[]).includes(educationType))
    return { reason: educationType ? '教育类型不在可选范围内' : '请填写教育类型' }
  const school = cell('学校')
  const major = cell('专业')
  if (!school) return { reason: '请填写学校' }
  if (!major) return { reason: '请填写专业' }
  const level = cell('层次')
  if (!(STUDENT_LEVELS as readonly string[]).includes(level)) return { reason: level ? '层次只能是专科或本科' : '请填写层次' }
  const batchYear = Number(cell('年份'))
  if (!/^\d{4}$/.test(cell('年份')) || batchYear < BATCH_YEAR_MIN || batchYear > BATCH_YEAR_MAX)
    return { reason: `年份应为${BATCH_YEAR_MIN}-${BATCH_YEAR_MAX}` }
  const batchText = cell('批次').replace(/期$/, '')
  const batch = Number(batchText)
  if (!/^\d{1,2}$/.test(batchText) || batch < 1 || batch > BATCH_MAX) return { reason: `批次应为1-${BATCH_MAX}` }
  const tooLong =
    within('学校', school, 50) ??
    within('专业', major, 50) ??
    within('报读项目', cell('报读项目'), 50) ??
    within('学科', cell('学科'), 50) ??
    within('学号', cell('学号'), 30) ??
    within('备注', cell('备注'), 200)
  if (tooLong) return { reason: tooLong }
  return {
    values: {
      name: name.data,
      phone,
      idCard,
      gender: gender || null,
      educationType,
      school,
      major,
      level,
      programme: cell('报读项目') || null,
      discipline: cell('学科') || null,
      batchYear,
      batch,
      studentNo: cell('学号') || null,
      remark: cell('备注') || null,
      status: StudentStatus.studying,
    },
  }
}

/**
 * Imports students all or nothing: every row is checked (fields, the same phone, student number or
 * ID number earlier in the file, phones and numbers registered already); with any refused row
 * nothing is written and the report lists them all. Otherwise one transaction checks the database
 * again under the ID numbers' lock, inserts every row with its first history row, and records the
 * import once in the audit log.
 */
export async function importStudents({ db, rows, actor }: { db: Executor; rows: SheetRow[]; actor: Actor }) {
  if (rows.length > IMPORT_MAX_ROWS) throw createTooManyRowsError({ message: `单次最多导入${IMPORT_MAX_ROWS}行，请拆分后分批导入` })
  const errors: StudentImportError[] = []
  const valid: Array<{ row: number; values: StudentInsert }> = []
  const phones = new Map<string, number>()
  const numbers = new Map<string, number>()
  const idCards = new Map<string, number>()
  for (const { row, cells } of rows) {
    const read = readRow(cells)
    if ('reason' in read) {
      errors.push({ row, reason: read.reason })
      continue
    }
    const { phone, studentNo, idCard } = read.values
    const samePhone = phones.get(phone)
    if (samePhone !== undefined) {
      errors.push({ row, reason: `与第${samePhone}行手机号重复` })
      continue
    }
    const sameNo = studentNo ? numbers.get(studentNo) : undefined
    if (sameNo !== undefined) {
      errors.push({ row, reason: `与第${sameNo}行学号重复` })
      continue
    }
    const sameIdCard = idCard ? idCards.get(idCard) : undefined
    if (sameIdCard !== undefined) {
      errors.push({ row, reason: `与第${sameIdCard}行身份证号重复` })
      continue
    }
    phones.set(phone, row)
    if (studentNo) numbers.set(studentNo, row)
    if (idCard) idCards.set(idCard, row)
    valid.push({ row, values: read.values })
  }
  const registered = async (executor: Executor): Promise<StudentImportError[]> => {
    const repo = createStudentsRepository({ db: executor })
    const taken = await repo.taken({ phones: [...phones.keys()], studentNos: [...numbers.keys()] })
    const takenIdCards = await repo.takenIdCards({ idCards: [...idCards.keys()] })
    return valid.flatMap(({ row, values }) =>
      taken.phones.has(values.phone)
        ? [{ row, reason: '该手机号已登记为学员' }]
        : values.studentNo && taken.studentNos.has(values.studentNo)
          ? [{ row, reason: '学号已存在' }]
          : values.idCard && takenIdCards.has(values.idCard)
            ? [{ row, reason: '该身份证号已被其他学员使用' }]
            : [],
    )
  }
  errors.push(...(await registered(db)))
  const report = (imported: number, list: StudentImportError[]) => ({
    total: rows.length,
    imported,
    failed: list.length,
    errors: list.sort((a, b) => a.row - b.row).slice(0, 1000),
  })
  if (errors.length > 0) return report(0, errors)
  return db.transaction(async (tx) => {
    await createStudentsRepository({ db: tx }).lockIdCards()
    const late = await registered(tx)
    if (late.length > 0) return report(0, late)
    const repo = createStudentsRepository({ db: tx })
    const inserted = await repo.insertMany(valid.map((v) => v.values))
    await repo.insertHistory(
      inserted.map((s) => ({
        studentId: s.id,
        toStatus: StudentStatus.studying,
        reason: '导入',
        adminId: actor.id,
        adminName: actor.name,
      })),
    )
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'student.import',
        entityType: 'student',
        entityId: 'import',
        summary: `导入学员${inserted.length}名`,
        after: { imported: inserted.length },
      },
    })
    return report(inserted.length, [])
  })
}
