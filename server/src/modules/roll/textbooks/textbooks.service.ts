import { beijingDate, beijingDateText } from '@activity/domain'
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { containing } from '../../../lib/person-search.ts'
import type { SheetRow } from '../../../lib/spreadsheet.ts'
import { carrierName, MailingStatus, MailRecordState, ParcelSource, StudentStatus } from '../../../wire.ts'
import { type Actor, recordAudit, recordTextbookMailing, recordTextbookShipped } from '../../platform/index.ts'
import { studentsAddressedBy, targetLabel, type NoticeTarget } from '../notices/index.ts'
import { attachParcel, parcelsOfSources, parcelsView, type Parcel } from '../parcels/index.ts'
import { classesView, classMembersView, studentRecipients, studentsView } from '../students/index.ts'
import { carrierField, waybillField } from '../parcels/index.ts'
import {
  createAddressMissingError,
  createAlreadyShippedError,
  createClassNotFoundError,
  createDeadlinePassedError,
  createDeadlinePastError,
  createMailingDraftError,
  createMailingNotFoundError,
  createMailingPublishedError,
  createNoStudentsError,
  createRecordNotFoundError,
} from './textbooks.errors.ts'
import { type MailingBook, textbookMailings, textbookRecords } from './textbooks.table.ts'

export type MailingRow = typeof textbookMailings.$inferSelect
export type RecordRow = typeof textbookRecords.$inferSelect

export interface MailingInput {
  title: string
  term: string
  targetSchool?: string
  targetMajor?: string
  targetLevel?: string
  targetBatchYear?: number
  targetBatch?: number
  targetClassId?: number
  books: Array<{ title: string; isbn?: string; quantity: number }>
  addressDeadline: string
}
export interface AddressInput {
  receiver: string
  phone: string
  province: string
  city: string
  district?: string
  street: string
}

const targetOf = (m: Pick<MailingRow, keyof NoticeTarget>): NoticeTarget => ({
  targetSchool: m.targetSchool,
  targetMajor: m.targetMajor,
  targetLevel: m.targetLevel,
  targetBatchYear: m.targetBatchYear,
  targetBatch: m.targetBatch,
})

/** The students (在读) a mailing's target addresses now: its roll fields, and its class when one is named. */
function studentsOfTarget(t: NoticeTarget & { targetClassId: number | null }): SQL {
  return and(
    eq(studentsView.status, StudentStatus.studying),
    studentsAddressedBy(t),
    t.targetClassId === null
      ? undefined
      : sql`exists (select 1 from ${classMembersView} where ${classMembersView.classId} = ${t.targetClassId} and ${classMembersView.studentId} = ${studentsView.id} and ${classMembersView.leftAt} is null)`,
  )!
}

const rowOfInput = (input: MailingInput) => ({
  title: input.title,
  term: input.term,
  targetSchool: input.targetSchool ?? null,
  targetMajor: input.targetMajor ?? null,
  targetLevel: input.targetLevel ?? null,
  targetBatchYear: input.targetBatchYear ?? null,
  targetBatch: input.targetBatch ?? null,
  targetClassId: input.targetClassId ?? null,
  books: input.books.map((b): MailingBook => ({ title: b.title, isbn: b.isbn ?? null, quantity: b.quantity })),
  addressDeadline: input.addressDeadline,
})

async function checkInput(db: Executor, input: MailingInput, now: Date) {
  if (input.addressDeadline < beijingDate(now)) throw createDeadlinePastError()
  if (input.targetClassId !== undefined) {
    const [c] = await db.select({ id: classesView.id }).from(classesView).where(eq(classesView.id, input.targetClassId))
    if (!c) throw createClassNotFoundError()
  }
}

/** How many students (在读) a target addresses now (the form's 将邮寄给 N 名学员). */
export async function audienceOf({ db, target }: { db: Executor; target: Partial<NoticeTarget> & { targetClassId?: number } }) {
  const t = {
    targetSchool: target.targetSchool ?? null,
    targetMajor: target.targetMajor ?? null,
    targetLevel: target.targetLevel ?? null,
    targetBatchYear: target.targetBatchYear ?? null,
    targetBatch: target.targetBatch ?? null,
    targetClassId: target.targetClassId ?? null,
  }
  const [row] = await db.select({ n: count() }).from(studentsView).where(studentsOfTarget(t))
  return { count: row?.n ?? 0 }
}

/** A new draft mailing, in the caller's transaction. */
export async function createMailing({
  db,
  input,
  actor,
  now = new Date(),
}: {
  db: Executor
  input: MailingInput
  actor: Actor
  now?: Date
}) {
  await checkInput(db, input, now)
  const [row] = await db
    .insert(textbookMailings)
    .values({ ...rowOfInput(input), status: MailingStatus.draft, createdBy: actor.id, createdAt: now, updatedAt: now })
    .returning()
  return row!
}

/** Edits a draft (published: 409), in the caller's transaction; `before` for the audit. */
export async function updateMailing({ db, id, input, now = new Date() }: { db: Executor; id: number; input: MailingInput; now?: Date }) {
  const [before] = await db.select().from(textbookMailings).where(eq(textbookMailings.id, id)).for('update')
  if (!before) throw createMailingNotFoundError()
  if (before.status !== MailingStatus.draft) throw createMailingPublishedError()
  await checkInput(db, input, now)
  const [row] = await db
    .update(textbookMailings)
    .set({ ...rowOfInput(input), updatedAt: now })
    .where(eq(textbookMailings.id, id))
    .returning()
  return { before, mailing: row! }
}

/** Deletes a draft (published: 409). */
export async function deleteMailing({ db, id }: { db: Executor; id: number }) {
  const [m] = await db.select().from(textbookMailings).where(eq(textbookMailings.id, id)).for('update')
  if (!m) throw createMailingNotFoundError()
  if (m.status !== MailingStatus.draft) throw createMailingPublishedError()
  await db.delete(textbookMailings).where(eq(textbookMailings.id, id))
  return m
}

/**
 * Publishes a draft in the caller's transaction: one record for each student (在读) its target
 * addresses now, its status, and each student's message (教材邮寄, with its WeChat subscribe
 * message where accepted). No student: 422 and nothing written; published already: 409.
 */
export async function publishMailing({ db, id, actor, now = new Date() }: { db: Executor; id: number; actor: Actor; now?: Date }) {
  const [m] = await db.select().from(textbookMailings).where(eq(textbookMailings.id, id)).for('update')
  if (!m) throw createMailingNotFoundError()
  if (m.status !== MailingStatus.draft) throw createMailingPublishedError()
  const students = await db.select({ id: studentsView.id }).from(studentsView).where(studentsOfTarget(m))
  if (students.length === 0) throw createNoStudentsError()
  for (let i = 0; i < students.length; i += 1000)
    await db
      .insert(textbookRecords)
      .values(students.slice(i, i + 1000).map((s) => ({ mailingId: id, studentId: s.id, createdAt: now, updatedAt: now })))
      .onConflictDoNothing()
  const [published] = await db
    .update(textbookMailings)
    .set({ status: MailingStatus.published, publishedAt: now, publishedBy: actor.id, updatedAt: now })
    .where(eq(textbookMailings.id, id))
    .returning()
  await recordTextbookMailing({
    tx: db,
    mailing: { id, title: m.title, deadline: beijingDateText(new Date(`${m.addressDeadline}T12:00:00+08:00`), { year: false }) },
    recipients: studentRecipients(
      db,
      sql`${studentsView.id} in (select ${textbookRecords.studentId} from ${textbookRecords} where ${textbookRecords.mailingId} = ${id})`,
    ),
    now,
  })
  return { mailing: published!, students: students.length }
}

const recordCounts = {
  students: sql<number>`count(${textbookRecords.id})`.mapWith(Number),
  confirmed: sql<number>`count(${textbookRecords.confirmedAt})`.mapWith(Number),
  shipped: sql<number>`count(${parcelsView.id})`.mapWith(Number),
  signed: sql<number>`count(${parcelsView.signedAt})`.mapWith(Number),
  received: sql<number>`count(${parcelsView.receivedAt})`.mapWith(Number),
  problems: sql<number>`count(*) filter (where ${parcelsView.exception} is not null and ${parcelsView.handledAt} is null)`.mapWith(Number),
}
type Counts = { [K in keyof typeof recordCounts]: number }
const NO_COUNTS: Counts = { students: 0, confirmed: 0, shipped: 0, signed: 0, received: 0, problems: 0 }

async function countsOf(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, Counts>()
  const rows = await db
    .select({ mailingId: textbookRecords.mailingId, ...recordCounts })
    .from(textbookRecords)
    .leftJoin(parcelsView, eq(parcelsView.id, textbookRecords.parcelId))
    .where(inArray(textbookRecords.mailingId, ids))
    .groupBy(textbookRecords.mailingId)
  return new Map(rows.map(({ mailingId, ...c }) => [mailingId, c]))
}

/** The target as the list reads it: the roll fields' label, then the class (全部学员 when neither). */
function labelOf(m: MailingRow, className: string | null) {
  const roll = targetLabel(targetOf(m))
  return className ? (roll === '全部学员' ? className : `${roll} · ${className}`) : roll
}

function toMailing(m: MailingRow, className: string | null, counts: Counts) {
  return {
    id: m.id,
    title: m.title,
    term: m.term,
    targetSchool: m.targetSchool,
    targetMajor: m.targetMajor,
    targetLevel: m.targetLevel,
    targetBatchYear: m.targetBatchYear,
    targetBatch: m.targetBatch,
    targetClassId: m.targetClassId,
    targetClassName: className,
    targetLabel: labelOf(m, className),
    books: m.books,
    addressDeadline: m.addressDeadline,
    status: m.status as MailingStatus,
    publishedAt: m.publishedAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
    counts,
  }
}
export type Mailing = ReturnType<typeof toMailing>

/** The console's mailings, newest first, with their counts. */
export async function listMailings({
  db,
  filter,
  page,
  size,
}: {
  db: Executor
  filter: { status?: MailingStatus; keyword?: string }
  page: number
  size: number
}) {
  const where = and(
    filter.status ? eq(textbookMailings.status, filter.status) : undefined,
    filter.keyword ? ilike(textbookMailings.title, containing(filter.keyword)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ mailing: textbookMailings, className: classesView.name })
      .from(textbookMailings)
      .leftJoin(classesView, eq(classesView.id, textbookMailings.targetClassId))
      .where(where)
      .orderBy(desc(textbookMailings.createdAt), desc(textbookMailings.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(textbookMailings).where(where),
  ])
  const counts = await countsOf(
    db,
    rows.map((r) => r.mailing.id),
  )
  return {
    list: rows.map((r) => toMailing(r.mailing, r.className, counts.get(r.mailing.id) ?? NO_COUNTS)),
    total: total?.n ?? 0,
    page,
    size,
  }
}

/** One mailing with its counts (404 when none). */
export async function mailingById({ db, id }: { db: Executor; id: number }) {
  const [r] = await db
    .select({ mailing: textbookMailings, className: classesView.name })
    .from(textbookMailings)
    .leftJoin(classesView, eq(classesView.id, textbookMailings.targetClassId))
    .where(eq(textbookMailings.id, id))
  if (!r) throw createMailingNotFoundError()
  const counts = await countsOf(db, [id])
  return toMailing(r.mailing, r.className, counts.get(id) ?? NO_COUNTS)
}

const addressOf = (r: RecordRow) =>
  r.confirmedAt && r.receiver && r.phone && r.province && r.street
    ? { receiver: r.receiver, phone: r.phone, province: r.province, city: r.city ?? '', district: r.district, street: r.street }
    : null

function stateOf(r: RecordRow, parcel: Parcel | undefined): MailRecordState {
  if (parcel?.receivedAt) return MailRecordState.received
  if (parcel?.signedAt) return MailRecordState.signed
  if (parcel) return MailRecordState.shipped
  return r.confirmedAt ? MailRecordState.confirmed : MailRecordState.toConfirm
}

/** The condition of a record state on the joined record and parcel. */
function stateWhere(state: MailRecordState): SQL {
  switch (state) {
    case MailRecordState.received:
      return isNotNull(parcelsView.receivedAt)
    case MailRecordState.signed:
      return and(isNotNull(parcelsView.signedAt), isNull(parcelsView.receivedAt))!
    case MailRecordState.shipped:
      return and(isNotNull(parcelsView.id), isNull(parcelsView.signedAt), isNull(parcelsView.receivedAt))!
    case MailRecordState.confirmed:
      return and(isNull(parcelsView.id), isNotNull(textbookRecords.confirmedAt))!
    case MailRecordState.toConfirm:
      return and(isNull(parcelsView.id), isNull(textbookRecords.confirmedAt))!
  }
}

export interface RecordFilter {
  mailingId: number
  state?: MailRecordState
  problem?: boolean
  keyword?: string
}

function recordWhere(f: RecordFilter) {
  const keyword = f.keyword?.trim()
  return and(
    eq(textbookRecords.mailingId, f.mailingId),
    f.state ? stateWhere(f.state) : undefined,
    f.problem ? and(isNotNull(parcelsView.exception), isNull(parcelsView.handledAt)) : undefined,
    keyword ? or(eq(studentsView.studentNo, keyword), ilike(studentsView.name, containing(keyword))) : undefined,
  )
}

const recordColumns = {
  record: textbookRecords,
  studentName: studentsView.name,
  studentNo: studentsView.studentNo,
  studentPhone: studentsView.phone,
}
type RecordJoin = { record: RecordRow; studentName: string; studentNo: string | null; studentPhone: string }

function toRecord(r: RecordJoin, parcel: Parcel | undefined) {
  return {
    id: r.record.id,
    mailingId: r.record.mailingId,
    student: { id: r.record.studentId, name: r.studentName, studentNo: r.studentNo, phone: r.studentPhone },
    address: addressOf(r.record),
    confirmedAt: r.record.confirmedAt?.toISOString() ?? null,
    correctedAt: r.record.correctedAt?.toISOString() ?? null,
    state: stateOf(r.record, parcel),
    parcel: parcel ?? null,
  }
}
export type MailRecord = ReturnType<typeof toRecord>

const joinedRecords = (db: Executor, where: SQL | undefined) =>
  db
    .select(recordColumns)
    .from(textbookRecords)
    .innerJoin(studentsView, eq(studentsView.id, textbookRecords.studentId))
    .leftJoin(parcelsView, eq(parcelsView.id, textbookRecords.parcelId))
    .where(where)

async function withParcels(db: Executor, rows: RecordJoin[]) {
  const parcels = await parcelsOfSources({ db, type: ParcelSource.textbook, ids: rows.map((r) => r.record.id) })
  return rows.map((r) => toRecord(r, parcels.get(r.record.id)))
}

/** A mailing's records for the console: by state, a problem, or a name / 学号; by 学号. */
export async function listRecords({ db, filter, page, size }: { db: Executor; filter: RecordFilter; page: number; size: number }) {
  const where = recordWhere(filter)
  const [rows, [total]] = await Promise.all([
    joinedRecords(db, where)
      .orderBy(asc(studentsView.studentNo), asc(textbookRecords.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: count() })
      .from(textbookRecords)
      .innerJoin(studentsView, eq(studentsView.id, textbookRecords.studentId))
      .leftJoin(parcelsView, eq(parcelsView.id, textbookRecords.parcelId))
      .where(where),
  ])
  return { list: await withParcels(db, rows), total: total?.n ?? 0, page, size }
}

/** Every record of a filter, in pages of 500 (the export). */
export async function* recordsForExport({ db, filter }: { db: Executor; filter: RecordFilter }): AsyncGenerator<MailRecord> {
  for (let page = 1; ; page++) {
    const rows = await joinedRecords(db, recordWhere(filter))
      .orderBy(asc(studentsView.studentNo), asc(textbookRecords.id))
      .limit(500)
      .offset((page - 1) * 500)
    yield* await withParcels(db, rows)
    if (rows.length < 500) return
  }
}

async function lockedRecord(db: Executor, id: number) {
  const [row] = await db
    .select({ record: textbookRecords, mailing: textbookMailings })
    .from(textbookRecords)
    .innerJoin(textbookMailings, eq(textbookMailings.id, textbookRecords.mailingId))
    .where(eq(textbookRecords.id, id))
    .for('update', { of: textbookRecords })
  if (!row) throw createRecordNotFoundError()
  return row
}

async function recordJoin(db: Executor, id: number) {
  const [r] = await joinedRecords(db, eq(textbookRecords.id, id))
  return (await withParcels(db, [r!]))[0]!
}

const addressRow = (a: AddressInput) => ({
  receiver: a.receiver,
  phone: a.phone,
  province: a.province,
  city: a.city,
  district: a.district ?? null,
  street: a.street,
})

/**
 * The student confirms (or changes) the delivery address of their record, in the caller's
 * transaction: until the deadline's day ends (Beijing), and not once shipped.
 */
export async function commitAddress({
  db,
  studentId,
  id,
  address,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  id: number
  address: AddressInput
  now?: Date
}) {
  const { record, mailing } = await lockedRecord(db, id)
  if (record.studentId !== studentId) throw createRecordNotFoundError()
  if (record.parcelId !== null) throw createAlreadyShippedError()
  if (beijingDate(now) > mailing.addressDeadline) throw createDeadlinePassedError()
  await db
    .update(textbookRecords)
    .set({ ...addressRow(address), confirmedAt: now, updatedAt: now })
    .where(eq(textbookRecords.id, id))
  return clientRecord(db, studentId, id, now)
}

/** The office corrects a record's address (any time before shipping), in the caller's transaction; `before` for the audit. */
export async function correctAddress({
  db,
  id,
  address,
  actor,
  now = new Date(),
}: {
  db: Executor
  id: number
  address: Omit<AddressInput, 'phone'> & { phone?: string }
  actor: Actor
  now?: Date
}) {
  const { record } = await lockedRecord(db, id)
  if (record.parcelId !== null) throw createAlreadyShippedError()
  const phone = address.phone ?? record.phone ?? undefined
  if (!phone) throw createAddressMissingError({ message: '请填写收件人手机号' })
  await db
    .update(textbookRecords)
    .set({
      ...addressRow({ ...address, phone }),
      confirmedAt: record.confirmedAt ?? now,
      correctedAt: now,
      correctedBy: actor.id,
      updatedAt: now,
    })
    .where(eq(textbookRecords.id, id))
  return { before: addressOf(record), record: await recordJoin(db, id) }
}

const parcelTitle = (m: Pick<MailingRow, 'title'>) => m.title

/**
 * Enters (or replaces) a record's waybill in the caller's transaction: the parcel attached and,
 * the first time, the student's message (教材已发货). Address not confirmed: 422. `previous` is the
 * waybill replaced (the caller audits a change).
 */
export async function setWaybill({
  db,
  id,
  carrier,
  waybillNo,
  now = new Date(),
}: {
  db: Executor
  id: number
  carrier: string
  waybillNo: string
  now?: Date
}) {
  const { record, mailing } = await lockedRecord(db, id)
  if (!record.confirmedAt) throw createAddressMissingError()
  const { parcel, previous, changed } = await attachParcel({
    db,
    source: { type: ParcelSource.textbook, id },
    studentId: record.studentId,
    title: parcelTitle(mailing),
    carrier,
    waybillNo,
    now,
  })
  if (record.parcelId !== parcel.id)
    await db.update(textbookRecords).set({ parcelId: parcel.id, updatedAt: now }).where(eq(textbookRecords.id, id))
  if (changed && !previous)
    await recordTextbookShipped({
      tx: db,
      record: { id, title: mailing.title, carrierName: carrierName(carrier), waybillNo },
      recipients: studentRecipients(db, eq(studentsView.id, record.studentId)),
      now,
    })
  return { parcelId: parcel.id, previous, changed, record: await recordJoin(db, id) }
}

/** The waybill import's columns (学号 finds the student's record of the mailing). */
export const WAYBILL_IMPORT_COLUMNS = [
  { header: '学号', required: true, text: true, width: 16, example: '20260100001', note: '学员的学号' },
  { header: '姓名', required: false, width: 10, example: '林小雨', note: '核对用，可不填' },
  { header: '快递公司', required: true, width: 14, example: '顺丰速运', note: '顺丰速运、中通快递、圆通速递、韵达快递等' },
  { header: '运单号', required: true, text: true, width: 22, example: 'SF1234567890', note: '6到30位字母或数字' },
]

/**
 * Imports a mailing's waybills (学号, 快递公司, 运单号 per row) in the caller's transaction, all or
 * nothing: every row is checked first (the student's record in this mailing, the address
 * confirmed, the carrier and number, a number not twice in the file); with any row refused nothing
 * is written and every refused row is listed. Each replaced waybill is audited; the new ones are
 * subscribed by the caller after the commit.
 */
export async function importWaybills({
  db,
  mailingId,
  rows,
  actor,
  now = new Date(),
}: {
  db: Executor
  mailingId: number
  rows: SheetRow[]
  actor: Actor
  now?: Date
}) {
  const [mailing] = await db.select().from(textbookMailings).where(eq(textbookMailings.id, mailingId))
  if (!mailing) throw createMailingNotFoundError()
  if (mailing.status !== MailingStatus.published) throw createMailingDraftError()
  const numbers = rows.map((r) => (r.cells['学号'] ?? '').trim()).filter(Boolean)
  const records = numbers.length
    ? await db
        .select({
          id: textbookRecords.id,
          studentNo: studentsView.studentNo,
          name: studentsView.name,
          confirmedAt: textbookRecords.confirmedAt,
        })
        .from(textbookRecords)
        .innerJoin(studentsView, eq(studentsView.id, textbookRecords.studentId))
        .where(and(eq(textbookRecords.mailingId, mailingId), inArray(studentsView.studentNo, numbers)))
    : []
  const byNo = new Map(records.map((r) => [r.studentNo!, r]))
  const refused: Array<{ row: number; reason: string }> = []
  const seen = new Map<string, number>()
  const seenStudents = new Map<string, number>()
  const planned: Array<{ id: number; carrier: string; waybillNo: string; row: number }> = []
  for (const row of rows) {
    const no = (row.cells['学号'] ?? '').trim()
    const record = byNo.get(no)
    const name = (row.cells['姓名'] ?? '').trim()
    const carrier = carrierField.safeParse(row.cells['快递公司'] ?? '')
    const waybill = waybillField.safeParse(row.cells['运单号'] ?? '')
    const reason = !record
      ? `学号 ${no} 不在本次邮寄名单中`
      : name && name !== record.name
        ? `姓名与学号不符（学号 ${no} 是${record.name}）`
        : !record.confirmedAt
          ? `${record.name}还没有确认收货地址`
          : !carrier.success
            ? carrier.error.issues[0]!.message
            : !waybill.success
              ? waybill.error.issues[0]!.message
              : seenStudents.has(no)
                ? `与第${seenStudents.get(no)}行是同一名学员`
                : seen.has(`${carrier.data}:${waybill.data}`)
                  ? `运单号与第${seen.get(`${carrier.data}:${waybill.data}`)}行重复`
                  : null
    if (reason) {
      refused.push({ row: row.row, reason })
      continue
    }
    seen.set(`${carrier.data!}:${waybill.data!}`, row.row)
    seenStudents.set(no, row.row)
    planned.push({ id: record!.id, carrier: carrier.data!, waybillNo: waybill.data!, row: row.row })
  }
  // A waybill another parcel holds, or a parcel signed for under another number, refuses its row too.
  if (planned.length) {
    const taken = await db
      .select({
        carrier: parcelsView.carrier,
        waybillNo: parcelsView.waybillNo,
        sourceType: parcelsView.sourceType,
        sourceId: parcelsView.sourceId,
      })
      .from(parcelsView)
      .where(
        inArray(
          parcelsView.waybillNo,
          planned.map((p) => p.waybillNo),
        ),
      )
    const signed = await db
      .select({ id: textbookRecords.id, carrier: parcelsView.carrier, waybillNo: parcelsView.waybillNo })
      .from(textbookRecords)
      .innerJoin(parcelsView, eq(parcelsView.id, textbookRecords.parcelId))
      .where(
        and(
          inArray(
            textbookRecords.id,
            planned.map((p) => p.id),
          ),
          or(isNotNull(parcelsView.signedAt), isNotNull(parcelsView.receivedAt)),
        ),
      )
    for (const p of planned) {
      const other = taken.find(
        (t) => t.carrier === p.carrier && t.waybillNo === p.waybillNo && !(t.sourceType === ParcelSource.textbook && t.sourceId === p.id),
      )
      const done = signed.find((x) => x.id === p.id && (x.carrier !== p.carrier || x.waybillNo !== p.waybillNo))
      if (other) refused.push({ row: p.row, reason: `运单号 ${p.waybillNo} 已用于其他包裹` })
      else if (done) refused.push({ row: p.row, reason: '包裹已签收，不能再更换运单号' })
    }
    refused.sort((a, b) => a.row - b.row)
  }
  const report = { total: rows.length, shipped: 0, changed: 0, unchanged: 0, refused, parcelIds: [] as number[] }
  if (refused.length) return report
  for (const p of planned) {
    const result = await setWaybill({ db, id: p.id, carrier: p.carrier, waybillNo: p.waybillNo, now })
    if (!result.changed) report.unchanged++
    else {
      report.parcelIds.push(result.parcelId)
      if (result.previous) {
        report.changed++
        await recordAudit({
          tx: db,
          actor,
          entry: {
            action: 'textbook.waybill.change',
            entityType: 'textbookRecord',
            entityId: p.id,
            summary: `${mailing.title}：${result.record.student.name}的运单号由 ${carrierName(result.previous.carrier)} ${result.previous.waybillNo} 改为 ${carrierName(p.carrier)} ${p.waybillNo}（导入）`,
            before: result.previous,
            after: { carrier: p.carrier, waybillNo: p.waybillNo },
          },
        })
      } else report.shipped++
    }
  }
  return report
}

/**
 * The student's textbooks (我的教材): each published mailing of theirs, newest first, with the
 * address (or what the form starts from), whether it may be changed now, and the parcel.
 */
export async function clientRecords({ db, studentId, now = new Date() }: { db: Executor; studentId: number; now?: Date }) {
  const rows = await db
    .select({ record: textbookRecords, mailing: textbookMailings })
    .from(textbookRecords)
    .innerJoin(textbookMailings, eq(textbookMailings.id, textbookRecords.mailingId))
    .where(eq(textbookRecords.studentId, studentId))
    .orderBy(desc(textbookMailings.publishedAt), desc(textbookRecords.id))
  const parcels = await parcelsOfSources({ db, type: ParcelSource.textbook, ids: rows.map((r) => r.record.id) })
  const suggested = rows.some((r) => !r.record.confirmedAt) ? await suggestedAddress(db, studentId, rows) : null
  const today = beijingDate(now)
  return {
    list: rows.map(({ record, mailing }) => {
      const parcel = parcels.get(record.id)
      return {
        id: record.id,
        mailing: {
          id: mailing.id,
          title: mailing.title,
          term: mailing.term,
          books: mailing.books,
          addressDeadline: mailing.addressDeadline,
        },
        address: addressOf(record),
        suggested: record.confirmedAt ? null : suggested,
        confirmedAt: record.confirmedAt?.toISOString() ?? null,
        editable: !parcel && record.parcelId === null && today <= mailing.addressDeadline,
        state: stateOf(record, parcel),
        parcel: parcel ?? null,
      }
    }),
  }
}

/** The address a form starts from: the student's last confirmed one, else their name and phone. */
async function suggestedAddress(db: Executor, studentId: number, rows: Array<{ record: RecordRow }>) {
  const last = rows
    .map((r) => r.record)
    .filter((r) => r.confirmedAt)
    .sort((a, b) => b.confirmedAt!.getTime() - a.confirmedAt!.getTime())[0]
  if (last) return addressOf(last)
  const [s] = await db
    .select({ name: studentsView.name, phone: studentsView.phone })
    .from(studentsView)
    .where(eq(studentsView.id, studentId))
  return s ? { receiver: s.name, phone: s.phone } : null
}

/** One record of the student's (another's: 404). */
export async function clientRecord(db: Executor, studentId: number, id: number, now = new Date()) {
  const found = (await clientRecords({ db, studentId, now })).list.find((r) => r.id === id)
  if (!found) throw createRecordNotFoundError()
  return found
}

/** The record's student, for the student's own calls (another's: 404). */
export async function assertOwnRecord({ db, studentId, id }: { db: Executor; studentId: number; id: number }) {
  const [r] = await db.select({ studentId: textbookRecords.studentId }).from(textbookRecords).where(eq(textbookRecords.id, id))
  if (!r || r.studentId !== studentId) throw createRecordNotFoundError()
}
