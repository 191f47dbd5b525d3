import ExcelJS from 'exceljs'
import type { FastifyRequest } from 'fastify'
import { Code } from '../wire.ts'
import { createErrorFactory } from './errors.ts'

/**
 * Spreadsheet imports (.xlsx): the upload, reading a sheet against its columns, and the template
 * to download. Used by the adult-exam results and the clue import. The errors keep the keys they
 * were first declared with (adultExam.*).
 */
export const createNoFileError = createErrorFactory({
  key: 'adultExam.noFile',
  code: Code.badRequest,
  message: '请选择要上传的 Excel 文件（字段名 file）',
})
export const createNotXlsxError = createErrorFactory({
  key: 'adultExam.notXlsx',
  code: Code.badRequest,
  message: '请上传 .xlsx 格式的 Excel 文件（可先下载模板）',
})
export const createFileTooLargeError = createErrorFactory({
  key: 'adultExam.tooLarge',
  code: Code.badRequest,
  message: '文件过大',
  statusCode: 413,
})
export const createBadHeaderError = createErrorFactory({ key: 'adultExam.badHeader', code: Code.badRequest, message: '表头与模板不一致' })
export const createNoRowsError = createErrorFactory({ key: 'adultExam.noRows', code: Code.badRequest, message: '文件中没有数据行' })
export const createTooManyRowsError = createErrorFactory({
  key: 'adultExam.tooManyRows',
  code: Code.badRequest,
  message: '单次导入的行数过多',
})

/** Rows of data one upload may carry. */
export const MAX_ROWS = 10_000
/** What the unzipped parts of one upload may add up to (a small file must not unpack into gigabytes). */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024

export interface Column {
  header: string
  required: boolean
  /** Kept as text in the template (long digit strings). */
  text?: boolean
  width: number
  example: string
  note: string
}

export interface SheetRow {
  /** The spreadsheet's own row number (the header is row 1). */
  row: number
  cells: Record<string, string>
}

/**
 * The sum of the uncompressed sizes in a zip's central directory, or undefined when `data` is not
 * a readable zip (an .xlsx is a zip; an old .xls, a CSV or a renamed image is not).
 */
export function zipUncompressedSize(data: Buffer): number | undefined {
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) return undefined
  let eocd = -1
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65535); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) return undefined
  const entries = data.readUInt16LE(eocd + 10)
  let p = data.readUInt32LE(eocd + 16)
  let total = 0
  for (let i = 0; i < entries; i++) {
    if (p + 46 > data.length || data.readUInt32LE(p) !== 0x02014b50) return undefined
    total += data.readUInt32LE(p + 24)
    p += 46 + data.readUInt16LE(p + 28) + data.readUInt16LE(p + 30) + data.readUInt16LE(p + 32)
  }
  return total
}

// Control characters (Excel's _x0000_ escapes) cannot be stored and never belong in these columns.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g

/** A cell's value as trimmed text (rich text, hyperlinks and formula results included). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string')
    return value
      .replace(CONTROL_CHARACTERS, '')
      .replace(/\u3000/g, ' ')
      .trim()
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim()
    if ('formula' in value || 'sharedFormula' in value)
      return 'result' in value ? cellText((value as { result?: ExcelJS.CellValue }).result ?? null) : ''
    if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text)
    if ('error' in value) return ''
  }
  return ''
}

const normalizeHeader = (h: string) => h.replace(/[*＊\s]|（必填）|\(必填\)/g, '')

/**
 * Reads the first sheet of an .xlsx: the header row must name every required column (in any
 * order; extra columns are ignored); fully empty rows are skipped.
 */
export async function readSheet({ data, columns }: { data: Buffer; columns: Column[] }): Promise<SheetRow[]> {
  const unzipped = zipUncompressedSize(data)
  if (unzipped === undefined) throw createNotXlsxError()
  if (unzipped > MAX_UNZIPPED_BYTES) throw createTooManyRowsError({ message: '文件内容过大，请拆分后分批导入' })
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer)
  } catch {
    throw createNotXlsxError()
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw createNotXlsxError()

  const header = sheet.getRow(1)
  const positions = new Map<string, number>()
  header.eachCell({ includeEmpty: false }, (cell, col) => {
    const name = normalizeHeader(cellText(cell.value))
    if (name && !positions.has(name)) positions.set(name, col)
  })
  const missing = columns.filter((c) => c.required && !positions.has(c.header)).map((c) => c.header)
  if (missing.length > 0) throw createBadHeaderError({ message: `表头与模板不一致：缺少列 ${missing.join('、')}（请下载模板填写）` })

  if (sheet.actualRowCount - 1 > MAX_ROWS) throw createTooManyRowsError({ message: `单次最多导入${MAX_ROWS}行，请拆分后分批导入` })
  const rows: SheetRow[] = []
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r)
    const cells: Record<string, string> = {}
    let empty = true
    for (const column of columns) {
      const col = positions.get(column.header)
      const text = col === undefined ? '' : cellText(row.getCell(col).value)
      if (text !== '') empty = false
      cells[column.header] = text
    }
    if (!empty) rows.push({ row: r, cells })
    if (rows.length > MAX_ROWS) throw createTooManyRowsError({ message: `单次最多导入${MAX_ROWS}行，请拆分后分批导入` })
  }
  if (rows.length === 0) throw createNoRowsError()
  return rows
}

/** The template: the header row (required columns marked in the note sheet), text-formatted where needed, and a sheet of instructions. */
export async function buildTemplate({
  sheetName,
  columns,
  notes,
}: {
  sheetName: string
  columns: Column[]
  notes: string[]
}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'activity-mobile'
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.header, width: c.width, style: c.text ? { numFmt: '@' } : {} }))
  const head = sheet.getRow(1)
  head.font = { bold: true }
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF3F8' } }
  })
  const help = workbook.addWorksheet('填写说明')
  help.columns = [
    { header: '列名', key: 'header', width: 14 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '示例', key: 'example', width: 22 },
    { header: '说明', key: 'note', width: 60 },
  ]
  help.getRow(1).font = { bold: true }
  for (const c of columns) help.addRow({ header: c.header, required: c.required ? '必填' : '选填', example: c.example, note: c.note })
  help.addRow({})
  for (const line of notes) help.addRow({ header: line })
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** The uploaded .xlsx (multipart field `file`) as bytes; 413 when over `limit` (also the clue import's). */
export async function uploadedXlsx({ request, limit }: { request: FastifyRequest; limit: number }): Promise<Buffer> {
  if (!request.isMultipart()) throw createNoFileError()
  const file = await request.file()
  if (!file) throw createNoFileError()
  const data = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw createFileTooLargeError({
        message: `文件不能超过${limit >= 1024 * 1024 ? `${Math.floor(limit / 1024 / 1024)}MB` : `${Math.ceil(limit / 1024)}KB`}`,
      })
    throw error
  })
  if (!/\.xlsx$/i.test(file.filename)) throw createNotXlsxError()
  return data
}
