import { beijingMinute } from '@activity/domain'
import { formatYuan } from '@activity/money'
import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import { maskSensitive } from './mask.ts'
import type { FastifyReply } from 'fastify'

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
/** Rows one export may carry (a filter narrows a bigger list). */
export const EXPORT_MAX_ROWS = 100_000
/** Rows read from the database per round trip while streaming. */
export const EXPORT_BATCH = 1000

export interface ExportColumn<R> {
  header: string
  width: number
  value: (row: R) => string | number | null
  /**
   * How the column's value is masked in a 脱敏 export (a phone, an ID number, a payout account).
   * Every other text cell still has any phone or ID number inside it masked (maskSensitive).
   */
  mask?: (value: string) => string | null
}

/** A list read in keyset batches: `next(after)` gives the rows after the last one given (undefined at first). */
export async function* batches<R>({
  next,
  max = EXPORT_MAX_ROWS,
}: {
  next: (last: R | undefined, limit: number) => Promise<R[]>
  max?: number
}): AsyncGenerator<R> {
  let last: R | undefined
  let given = 0
  for (;;) {
    const rows = await next(last, Math.min(EXPORT_BATCH, max - given))
    for (const row of rows) yield row
    given += rows.length
    if (rows.length < EXPORT_BATCH || given >= max) return
    last = rows[rows.length - 1]
  }
}

/** Resolves when `stream` drains or closes (never rejects: an error is handled where the stream is). */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done)
      stream.off('close', done)
      resolve()
    }
    stream.on('drain', done)
    stream.on('close', done)
  })
}

/**
 * Answers an .xlsx written row by row as the rows arrive (exceljs' streaming WorkbookWriter): the
 * file is never whole in memory, and a row is committed as soon as it is written. Call after every
 * check, so a refusal still answers the JSON envelope.
 */
export function sendXlsx<R>({
  reply,
  filename,
  sheetName,
  columns,
  rows,
}: {
  reply: FastifyReply
  filename: string
  sheetName: string
  columns: ExportColumn<R>[]
  rows: AsyncIterable<R>
}): FastifyReply {
  // 脱敏导出 (plugins/sensitive-data.ts): phones and ID numbers masked unless the call was allowed in full.
  const unmasked = (reply.request as { exportUnmasked?: boolean }).exportUnmasked === true
  const cell = (column: ExportColumn<R>, value: string | number) =>
    unmasked || typeof value !== 'string' ? value : column.mask ? (column.mask(value) ?? '') : maskSensitive(value)
  const stream = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false })
  const write = async () => {
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.columns = columns.map((c) => ({ header: c.header, key: c.header, width: c.width }))
    sheet.getRow(1).font = { bold: true }
    sheet.getRow(1).commit()
    let n = 0
    for await (const row of rows) {
      sheet.addRow(columns.map((c) => cell(c, c.value(row) ?? ''))).commit()
      // The client went away: stop reading. A slow client: wait until what was written has gone
      // out, so at most a batch or so is held in memory.
      if (++n % 200 === 0) {
        if (stream.destroyed) return
        if (stream.writableNeedDrain) await drained(stream)
      }
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed while streaming')
    stream.destroy(error as Error)
  })
  return reply
    .type(XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('Cache-Control', 'no-store')
    .send(stream)
}

/** Fen as yuan with two decimals, for a spreadsheet cell. */
export const yuanCell = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? null : formatYuan(fen, { symbol: false, grouping: false })
/** A timestamp as Asia/Shanghai wall time, `YYYY-MM-DD HH:mm`. */
export const timeCell = (d: Date | null | undefined) => (d ? beijingMinute(d) : null)
