import ExcelJS from 'exceljs'
import type { Executor } from '../../../db/types.ts'
import { buildTemplate, type Column, createTooManyRowsError, type SheetRow } from '../../../lib/spreadsheet.ts'
import { DIFFICULTIES, QUESTION_TYPES, QuestionType } from '../../../wire.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { createQuestionCourseError } from './question-bank.errors.ts'
import { createQuestionBankRepository, type QuestionInsert } from './question-bank.repository.ts'
import { ANALYSIS_MAX, checkContent, isChoice, isDifficulty, isQuestionType, OPTION_KEYS, STEM_MAX } from './question-bank.rules.ts'

// The office's xlsx import of questions (试题导入): row by row, the good rows in one transaction.

export const QUESTION_IMPORT_MAX_ROWS = 2000

export const QUESTION_IMPORT_COLUMNS: Column[] = [
  { header: '题型', required: true, width: 10, example: '单选题', note: QUESTION_TYPES.join('、') },
  { header: '难度', required: true, width: 8, example: '一般', note: DIFFICULTIES.join('、') },
  { header: '章节', required: false, width: 22, example: '第一章 词汇与语法', note: '该课程下已有章的名称（须完全一致）；留空为未分章' },
  { header: '题干', required: true, width: 40, example: 'She ___ to school every day.', note: `最多${STEM_MAX}个字符` },
  ...OPTION_KEYS.map((k, i) => ({
    header: `选项${k}`,
    required: false,
    width: 16,
    example: ['go', 'goes', 'going', 'gone'][i] ?? '',
    note: i < 2 ? '单选题、多选题：从选项A起连续填写，2-8个' : '选择题的更多选项，可留空',
  })),
  {
    header: '答案',
    required: true,
    width: 18,
    example: 'B',
    note: '单选题：一个字母，如 B；多选题：两个及以上字母，如 AC；判断题：正确 或 错误（也可写 T/F、对/错）；填空题：各空答案用 ; 分隔，同一空的多种写法用 | 分隔，如 1;x=0|x = 0；简答题：参考答案',
  },
  {
    header: '解析',
    required: false,
    width: 40,
    example: '主语 She 是第三人称单数，一般现在时动词加 -s。',
    note: `最多${ANALYSIS_MAX}个字符，可留空`,
  },
]

export const QUESTION_IMPORT_NOTES = [
  '导入规则：第一行为表头，从第二行起每行一道试题；空行会被跳过。导入到上传时选择的课程。',
  `逐行导入：正确的行全部导入（同一事务），有问题的行不导入，结果中列出每行的行号和原因；修改问题行后可只上传这些行。单次最多${QUESTION_IMPORT_MAX_ROWS}行。`,
  '判断题、填空题、简答题不用填写选项。同一课程中题型和题干都相同的试题视为重复，不会再次导入。',
]

/** An example row per type (the template's first sheet shows how each is filled). */
const EXAMPLES: Array<Record<string, string>> = [
  {
    题型: '单选题',
    难度: '简单',
    题干: 'She ___ to school every day.',
    选项A: 'go',
    选项B: 'goes',
    选项C: 'going',
    选项D: 'gone',
    答案: 'B',
    解析: '主语 She 是第三人称单数，一般现在时动词加 -s。',
  },
  {
    题型: '多选题',
    难度: '一般',
    题干: '下列函数中，在 x=0 处连续的有（ ）。',
    选项A: 'y = |x|',
    选项B: 'y = 1/x',
    选项C: 'y = sin x',
    选项D: 'y = ln x',
    答案: 'AC',
    解析: '1/x 与 ln x 在 x=0 处无定义。',
  },
  { 题型: '判断题', 难度: '简单', 题干: '可导的函数一定连续。', 答案: '正确', 解析: '可导必连续，连续不一定可导。' },
  { 题型: '填空题', 难度: '一般', 题干: 'lim(x→0) sin x / x = ____；(x²)′ = ____。', 答案: '1;2x', 解析: '重要极限；幂函数求导。' },
  {
    题型: '简答题',
    难度: '困难',
    题干: '简述函数极限的 ε-δ 定义。',
    答案: '对任意 ε>0，存在 δ>0，当 0<|x-x0|<δ 时，|f(x)-A|<ε。',
    解析: '',
  },
]

/** The template: the columns, an example row of each type, and the instructions sheet. */
export async function questionTemplate(): Promise<Buffer> {
  const data = await buildTemplate({ sheetName: '试题', columns: QUESTION_IMPORT_COLUMNS, notes: QUESTION_IMPORT_NOTES })
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(data as unknown as ExcelJS.Buffer)
  const sheet = workbook.worksheets[0]!
  for (const example of EXAMPLES) sheet.addRow(QUESTION_IMPORT_COLUMNS.map((c) => example[c.header] ?? ''))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

export interface ImportRowReport {
  row: number
  ok: boolean
  message: string
}

const sameStem = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase()

/** One row as a question of the course, or the reason it is refused. */
function readRow(
  cells: Record<string, string>,
  chapters: Map<string, number>,
): { values: Omit<QuestionInsert, 'courseId'> } | { reason: string } {
  const cell = (h: string) => (cells[h] ?? '').trim()
  const type = cell('题型')
  if (!type) return { reason: '请填写题型' }
  if (!isQuestionType(type)) return { reason: `题型「${type}」不正确，应为${QUESTION_TYPES.join('、')}` }
  const difficulty = cell('难度')
  if (!difficulty) return { reason: '请填写难度' }
  if (!isDifficulty(difficulty)) return { reason: `难度「${difficulty}」不正确，应为${DIFFICULTIES.join('、')}` }
  let chapterId: number | null = null
  const chapter = cell('章节')
  if (chapter) {
    const id = chapters.get(sameStem(chapter))
    if (id === undefined) return { reason: `该课程没有名为「${chapter}」的章` }
    chapterId = id
  }
  const stem = cell('题干')
  if (!stem) return { reason: '请填写题干' }
  if (stem.length > STEM_MAX) return { reason: `题干不能超过${STEM_MAX}个字符` }
  const texts = OPTION_KEYS.map((k) => cell(`选项${k}`))
  const last = texts.findLastIndex((t) => t !== '')
  const options = texts.slice(0, last + 1)
  const gap = options.findIndex((t) => t === '')
  if (gap >= 0 && isChoice(type)) return { reason: `选项须从A开始连续填写（选项${OPTION_KEYS[gap]}为空）` }
  const raw = cell('答案')
  if (!raw) return { reason: '请填写答案' }
  const answer = type === QuestionType.fill ? raw.split(/[;；]/) : [raw]
  const checked = checkContent({ type, options: options.map((text) => ({ text })), answer })
  if (!checked.ok) return { reason: checked.message }
  const analysis = cell('解析')
  if (analysis.length > ANALYSIS_MAX) return { reason: `解析不能超过${ANALYSIS_MAX}个字符` }
  return { values: { chapterId, type, difficulty, stem, options: checked.content.options, answer: checked.content.answer, analysis } }
}

/**
 * Imports questions into a course row by row: every row is checked (fields, the type's rules, the
 * chapter by its title in the course, a question of the same type and stem in the course or
 * earlier in the file); the good rows go in one transaction with one audit entry, the report
 * names every row with its result.
 */
export async function importQuestions({
  db,
  courseId,
  rows,
  actor,
}: {
  db: Executor
  courseId: number
  rows: SheetRow[]
  actor: Actor
}): Promise<{ imported: number; failed: number; rows: ImportRowReport[] }> {
  if (rows.length > QUESTION_IMPORT_MAX_ROWS)
    throw createTooManyRowsError({ message: `单次最多导入${QUESTION_IMPORT_MAX_ROWS}行，请拆分后分批导入` })
  const repo = createQuestionBankRepository({ db })
  const course = await repo.course({ id: courseId })
  if (!course) throw createQuestionCourseError()
  const chapters = new Map<string, number>()
  for (const c of await repo.chapters({ courseId })) if (!chapters.has(sameStem(c.title))) chapters.set(sameStem(c.title), c.id)

  return db.transaction(async (tx) => {
    const existing = new Set(
      (await createQuestionBankRepository({ db: tx }).stems({ courseId })).map((q) => `${q.type}\n${sameStem(q.stem)}`),
    )
    const seen = new Map<string, number>()
    const report: ImportRowReport[] = []
    const good: QuestionInsert[] = []
    for (const { row, cells } of rows) {
      const read = readRow(cells, chapters)
      if ('reason' in read) {
        report.push({ row, ok: false, message: read.reason })
        continue
      }
      const key = `${read.values.type}\n${sameStem(read.values.stem)}`
      const earlier = seen.get(key)
      if (earlier !== undefined) report.push({ row, ok: false, message: `与第${earlier}行的试题重复` })
      else if (existing.has(key)) report.push({ row, ok: false, message: '题库中已有相同题型和题干的试题' })
      else {
        seen.set(key, row)
        good.push({ ...read.values, courseId, createdBy: actor.id })
        report.push({ row, ok: true, message: '导入成功' })
      }
    }
    const inserted = await createQuestionBankRepository({ db: tx }).insertMany(good)
    const failed = report.length - inserted.length
    if (inserted.length > 0)
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'question.import',
          entityType: 'course',
          entityId: courseId,
          summary: `导入试题${inserted.length}道到课程「${course.title}」${failed ? `（${failed}行未导入）` : ''}`,
          after: { imported: inserted.length, failed },
        },
      })
    return { imported: inserted.length, failed, rows: report }
  })
}
