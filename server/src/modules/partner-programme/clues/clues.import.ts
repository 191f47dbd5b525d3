import type { Executor } from '../../../db/types.ts'
import { days } from '../../../lib/time-range.ts'
import { CATEGORY_VALUES } from '../../../wire.ts'
import { createTooManyRowsError } from '../../../lib/spreadsheet.ts'
import type { Column, SheetRow } from '../../../lib/spreadsheet.ts'
import type { clues } from './clues.table.ts'
import { ClueSource, ClueStatus, PartnerStatus } from '../../../wire.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { createPartnersRepository } from '../partners/index.ts'
import { type ConsoleClueRow, createCluesRepository } from './clues.repository.ts'
import { DEDUP_DAYS, toDuplicateClue } from './clues.service.ts'

// The operator's xlsx import of clues.

export const IMPORT_MAX_ROWS = 5000

export const CLUE_IMPORT_COLUMNS: Column[] = [
  { header: '合伙人推广码', required: true, text: true, width: 14, example: 'AB12CD', note: '线索归属的合伙人（合伙人详情中的推广码）' },
  { header: '姓名', required: true, width: 12, example: '张三', note: '1-20个字符' },
  { header: '手机号', required: true, text: true, width: 16, example: '13800001234', note: '11位手机号；90天内已登记过的手机号不能再导入' },
  { header: '意向专业', required: false, width: 30, example: '学历教育(本科)-会计学(本科)', note: '专业分类中的“类别-专业”，可留空' },
  { header: '备注', required: false, width: 30, example: '晚上方便联系', note: '最多200个字符' },
]
export const CLUE_IMPORT_NOTES = [
  '导入规则：第一行为表头，从第二行起每行一条线索；空行会被跳过。',
  `全部行都正确才会导入（同一事务）：只要有一行有问题，整个文件都不导入，结果中列出每个问题行的行号和原因；修改后重新导入。单次最多${IMPORT_MAX_ROWS}行。`,
  '导入的线索来源为“后台导入”，进入线索池（未分配）。',
]

export interface ClueImportError {
  row: number
  reason: string
  duplicate: ReturnType<typeof toDuplicateClue> | null
}

/**
 * Imports clues all or nothing: every row is checked (fields, partner code, the same phone earlier in
 * the file, the 90-day rule against the database); with any refused row nothing is written and the
 * report lists them all. Otherwise one transaction locks the phones, checks the 90-day rule again
 * (a clue may have arrived meanwhile) and inserts every row, recorded once in the audit log.
 */
export async function importClues({ db, rows, actor, now = new Date() }: { db: Executor; rows: SheetRow[]; actor: Actor; now?: Date }) {
  if (rows.length > IMPORT_MAX_ROWS) throw createTooManyRowsError({ message: `单次最多导入${IMPORT_MAX_ROWS}行，请拆分后分批导入` })
  const since = new Date(now.getTime() - days(DEDUP_DAYS))
  const errors: ClueImportError[] = []
  const codes = [...new Set(rows.map((r) => (r.cells['合伙人推广码'] ?? '').toUpperCase()).filter(Boolean))]
  const partners = await createPartnersRepository({ db }).findByCodes({ codes })
  const byCode = new Map(partners.map((p) => [p.code, p]))
  const valid: Array<{ row: number; values: typeof clues.$inferInsert }> = []
  const seen = new Map<string, number>()
  for (const { row, cells } of rows) {
    const refuse = (reason: string, duplicate: ClueImportError['duplicate'] = null) => errors.push({ row, reason, duplicate })
    const code = (cells['合伙人推广码'] ?? '').toUpperCase()
    const name = cells['姓名'] ?? ''
    const phone = (cells['手机号'] ?? '').replace(/\s/g, '')
    const intention = cells['意向专业'] ?? ''
    const remark = cells['备注'] ?? ''
    if (!code) {
      refuse('请填写合伙人推广码')
      continue
    }
    const partner = byCode.get(code)
    if (!partner) {
      refuse(`推广码${code}不存在`)
      continue
    }
    if (partner.status === PartnerStatus.disabled) {
      refuse(`推广码${code}的合伙人已禁用`)
      continue
    }
    if (!name) {
      refuse('请填写姓名')
      continue
    }
    if (name.length > 20) {
      refuse('姓名不能超过20个字符')
      continue
    }
    if (!/^1[3-9]\d{9}$/.test(phone)) {
      refuse(phone ? '手机号格式不正确' : '请填写手机号')
      continue
    }
    if (intention && !CATEGORY_VALUES.includes(intention)) {
      refuse('意向专业不在可选范围内')
      continue
    }
    if (remark.length > 200) {
      refuse('备注不能超过200个字符')
      continue
    }
    const first = seen.get(phone)
    if (first !== undefined) {
      refuse(`与第${first}行手机号重复`)
      continue
    }
    seen.set(phone, row)
    valid.push({
      row,
      values: {
        partnerId: partner.id,
        source: ClueSource.imported,
        status: ClueStatus.new,
        name,
        phone,
        intention: intention || null,
        remark: remark || null,
        createdAt: now,
        updatedAt: now,
        lastTouchedAt: now,
      },
    })
  }
  const duplicates = async (executor: Executor) => {
    const found = await createCluesRepository({ db: executor }).recentByPhones({ phones: valid.map((v) => v.values.phone), since })
    const latest = new Map<string, ConsoleClueRow>()
    for (const f of found) if (!latest.has(f.clue.phone)) latest.set(f.clue.phone, f)
    return valid
      .filter((v) => latest.has(v.values.phone))
      .map((v) => ({ row: v.row, reason: '该手机号已被登记，90天内不能重复登记', duplicate: toDuplicateClue(latest.get(v.values.phone)!) }))
  }
  errors.push(...(await duplicates(db)))
  const report = (imported: number, list: ClueImportError[]) => ({
    total: rows.length,
    imported,
    failed: list.length,
    errors: list.sort((a, b) => a.row - b.row).slice(0, 1000),
  })
  if (errors.length > 0) return report(0, errors)
  return db.transaction(async (tx) => {
    const repo = createCluesRepository({ db: tx })
    for (const phone of [...seen.keys()].sort()) await repo.lockPhone({ phone })
    const late = await duplicates(tx)
    if (late.length > 0) return report(0, late)
    const imported = await repo.insertMany(valid.map((v) => v.values))
    await recordAudit({
      tx,
      actor,
      entry: { action: 'clue.import', entityType: 'clue', entityId: 'import', summary: `导入线索${imported}条`, after: { imported } },
    })
    return report(imported, [])
  })
}
