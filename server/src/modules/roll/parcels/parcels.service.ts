import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { containing } from '../../../lib/person-search.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import type { PushedTrack, TrackingGateway, TrackingPush } from '../../../gateways/tracking/index.ts'
import { carrierName, ParcelException, ParcelSource, ParcelState, MessageTarget } from '../../../wire.ts'
import { recordParcelSigned } from '../../platform/index.ts'
import { studentRecipients, studentsView } from '../students/index.ts'
import {
  createNoExceptionError,
  createNotShippedError,
  createParcelNotFoundError,
  createParcelSignedError,
  createWaybillTakenError,
} from './parcels.errors.ts'
import { parcels, parcelTracks, trackingPushes } from './parcels.table.ts'

export type ParcelRow = typeof parcels.$inferSelect
export interface ParcelSourceRef {
  type: ParcelSource
  id: number
}

/** A parcel with no new track for this long (and no exception, not signed) is 停滞 in the office's queue. */
export const STUCK_DAYS = 3
const STUCK_MS = STUCK_DAYS * 86_400_000

/** The forward order of states: a push never moves a parcel back. */
const RANK: Record<string, number> = {
  [ParcelState.waiting]: 0,
  [ParcelState.collected]: 1,
  [ParcelState.inTransit]: 2,
  [ParcelState.delivering]: 3,
  [ParcelState.signed]: 4,
}

/**
 * What a provider's state code means here (kuaidi100: 0 在途, 1 揽收, 2 疑难, 3 签收, 4 退签,
 * 5 派件, 6 退回, 7 转投, 8 清关, 14 拒签): a state to move to, or an exception.
 */
export function meaningOf(push: Pick<TrackingPush, 'state' | 'status' | 'tracks'>): { state?: ParcelState; exception?: ParcelException } {
  switch (push.state) {
    case '1':
      return { state: ParcelState.collected }
    case '0':
    case '7':
    case '8':
      return { state: ParcelState.inTransit }
    case '5':
      return { state: ParcelState.delivering }
    case '3':
      return { state: ParcelState.signed }
    case '2':
      return { exception: ParcelException.trouble }
    case '4':
    case '6':
    case '14':
      return { exception: ParcelException.returned }
  }
  // The provider gave up: no record of the number after days (kuaidi100's abort).
  if (push.status === 'abort' && push.tracks.length === 0) return { exception: ParcelException.noRecord }
  return {}
}

/** A parcel as the student and the console read it (the list's line; `tracks` added for one). */
export function toParcel(p: ParcelRow) {
  return {
    id: p.id,
    title: p.title,
    carrier: p.carrier,
    carrierName: carrierName(p.carrier),
    waybillNo: p.waybillNo,
    state: p.state as ParcelState,
    exception: p.exception as ParcelException | null,
    shippedAt: p.shippedAt.toISOString(),
    lastTrackAt: p.lastTrackAt?.toISOString() ?? null,
    lastContext: p.lastContext,
    signedAt: p.signedAt?.toISOString() ?? null,
    receivedAt: p.receivedAt?.toISOString() ?? null,
  }
}
export type Parcel = ReturnType<typeof toParcel>

/**
 * Gives a source its parcel with this waybill, in the caller's transaction: a new parcel (待揽收),
 * the same one unchanged (the same waybill again), or the parcel moved to a corrected waybill (its
 * tracks and exception cleared, to be subscribed again). A waybill another parcel holds: 409; a
 * parcel already signed for keeps its waybill: 409. `previous` is the waybill replaced, if any.
 */
export async function attachParcel({
  db,
  source,
  studentId,
  title,
  carrier,
  waybillNo,
  now = new Date(),
}: {
  db: Executor
  source: ParcelSourceRef
  studentId: number
  title: string
  carrier: string
  waybillNo: string
  now?: Date
}): Promise<{ parcel: ParcelRow; previous: { carrier: string; waybillNo: string } | null; changed: boolean }> {
  const [existing] = await db
    .select()
    .from(parcels)
    .where(and(eq(parcels.sourceType, source.type), eq(parcels.sourceId, source.id)))
    .for('update')
  if (existing && existing.carrier === carrier && existing.waybillNo === waybillNo)
    return { parcel: existing, previous: null, changed: false }
  if (existing && (existing.signedAt || existing.receivedAt)) throw createParcelSignedError()
  try {
    if (!existing) {
      const [parcel] = await db
        .insert(parcels)
        .values({
          sourceType: source.type,
          sourceId: source.id,
          studentId,
          title,
          carrier,
          waybillNo,
          state: ParcelState.waiting,
          shippedAt: now,
        })
        .returning()
      return { parcel: parcel!, previous: null, changed: true }
    }
    await db.delete(parcelTracks).where(eq(parcelTracks.parcelId, existing.id))
    const [parcel] = await db
      .update(parcels)
      .set({
        carrier,
        waybillNo,
        title,
        state: ParcelState.waiting,
        exception: null,
        exceptionAt: null,
        handledAt: null,
        handledBy: null,
        handledNote: null,
        lastTrackAt: null,
        lastContext: null,
        subscribedAt: null,
        subscribeError: null,
        shippedAt: now,
        updatedAt: now,
      })
      .where(eq(parcels.id, existing.id))
      .returning()
    return { parcel: parcel!, previous: { carrier: existing.carrier, waybillNo: existing.waybillNo }, changed: true }
  } catch (error) {
    if (isUniqueViolation(error, 'parcels_waybill_idx')) throw createWaybillTakenError()
    throw error
  }
}

/**
 * Subscribes parcels with the provider after their transaction committed (a few at a time): each
 * gets its subscription time, or the provider's refusal to show in the console (重新订阅).
 */
export async function subscribeParcels({
  db,
  tracking,
  ids,
  now = () => new Date(),
}: {
  db: Executor
  tracking: TrackingGateway
  ids: number[]
  now?: () => Date
}): Promise<void> {
  if (!ids.length || tracking.provider === 'none') return
  const rows = await db
    .select({ id: parcels.id, carrier: parcels.carrier, waybillNo: parcels.waybillNo })
    .from(parcels)
    .where(inArray(parcels.id, ids))
  const queue = [...rows]
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      let error: string | null = null
      try {
        await tracking.subscribe({ carrier: p.carrier, number: p.waybillNo })
      } catch (e) {
        error = (e instanceof Error ? e.message : String(e)).slice(0, 200)
      }
      await db
        .update(parcels)
        .set(error ? { subscribeError: error, updatedAt: now() } : { subscribedAt: now(), subscribeError: null, updatedAt: now() })
        // The waybill may have been corrected meanwhile: only the subscription of the waybill asked for counts.
        .where(and(eq(parcels.id, p.id), eq(parcels.carrier, p.carrier), eq(parcels.waybillNo, p.waybillNo)))
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker))
}

/**
 * Stores a verified push and applies it, in one transaction: the push once (the waybill and its
 * newest track's time: the same push again is stored and applied once, `duplicate`); its tracks,
 * each once; the state moved forward only; an exception raised (退签 stays until the office handles
 * it; 疑难 and 无记录 clear when the parcel moves on); the student told at 签收. A waybill that is not
 * ours is stored and answered like any other.
 */
export async function receivePush({
  db,
  push,
  body,
  now = new Date(),
}: {
  db: Executor
  push: TrackingPush
  body: string
  now?: Date
}): Promise<{ duplicate: boolean; parcel: ParcelRow | null }> {
  return db.transaction(async (tx) => {
    const newest = push.tracks[0]
    const [parcel] = await tx
      .select()
      .from(parcels)
      .where(and(eq(parcels.carrier, push.carrier), eq(parcels.waybillNo, push.number)))
      .for('update')
    const [stored] = await tx
      .insert(trackingPushes)
      .values({
        carrier: push.carrier,
        waybillNo: push.number,
        dedupeKey: newest ? newest.time.toISOString() : `status:${push.status}:${push.state ?? ''}`,
        parcelId: parcel?.id ?? null,
        state: push.state,
        status: push.status,
        body: body.slice(0, 100_000),
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: trackingPushes.id })
    if (!stored) return { duplicate: true, parcel: parcel ?? null }
    if (!parcel) return { duplicate: false, parcel: null }
    if (push.tracks.length)
      await tx
        .insert(parcelTracks)
        .values(
          push.tracks.map((t: PushedTrack) => ({
            parcelId: parcel.id,
            time: t.time,
            context: t.context,
            status: t.status,
            areaName: t.areaName,
          })),
        )
        .onConflictDoNothing()
    const meaning = meaningOf(push)
    const forward = meaning.state !== undefined && RANK[meaning.state]! > RANK[parcel.state]!
    const patch: Partial<ParcelRow> = { updatedAt: now }
    if (forward) {
      patch.state = meaning.state!
      if (meaning.state === ParcelState.signed) patch.signedAt = newest?.time ?? now
      if (parcel.exception && parcel.exception !== ParcelException.returned) Object.assign(patch, { exception: null, exceptionAt: null })
    }
    if (meaning.exception && parcel.exception !== meaning.exception && parcel.state !== ParcelState.signed)
      Object.assign(patch, {
        exception: meaning.exception,
        exceptionAt: newest?.time ?? now,
        handledAt: null,
        handledBy: null,
        handledNote: null,
      })
    if (newest && (!parcel.lastTrackAt || newest.time > parcel.lastTrackAt))
      Object.assign(patch, { lastTrackAt: newest.time, lastContext: newest.context })
    const [updated] = await tx.update(parcels).set(patch).where(eq(parcels.id, parcel.id)).returning()
    if (forward && meaning.state === ParcelState.signed)
      await recordParcelSigned({
        tx,
        parcel: {
          id: parcel.id,
          title: parcel.title,
          carrierName: carrierName(parcel.carrier),
          waybillNo: parcel.waybillNo,
          target:
            parcel.sourceType === ParcelSource.goodOrder
              ? { type: MessageTarget.goodOrder, id: parcel.sourceId }
              : { type: MessageTarget.textbook, id: parcel.sourceId },
        },
        recipients: studentRecipients(tx, eq(studentsView.id, parcel.studentId)),
        now,
      })
    return { duplicate: false, parcel: updated! }
  })
}

/** The parcels of these sources (a list's lines), by source id. */
export async function parcelsOfSources({ db, type, ids }: { db: Executor; type: ParcelSource; ids: number[] }) {
  if (!ids.length) return new Map<number, Parcel>()
  const rows = await db
    .select()
    .from(parcels)
    .where(and(eq(parcels.sourceType, type), inArray(parcels.sourceId, ids)))
  return new Map(rows.map((r) => [r.sourceId, toParcel(r)]))
}

const tracksOf = async (db: Executor, parcelId: number) =>
  (
    await db.select().from(parcelTracks).where(eq(parcelTracks.parcelId, parcelId)).orderBy(desc(parcelTracks.time), desc(parcelTracks.id))
  ).map((t) => ({ time: t.time.toISOString(), context: t.context, status: t.status, areaName: t.areaName }))

/**
 * One source's parcel with its timeline, from the stored tracks (never asking the provider):
 * for the student whose it is (`studentId`; another's: 404), or the office.
 */
export async function parcelWithTracks({ db, source, studentId }: { db: Executor; source: ParcelSourceRef; studentId?: number }) {
  const [p] = await db
    .select()
    .from(parcels)
    .where(and(eq(parcels.sourceType, source.type), eq(parcels.sourceId, source.id)))
  if (!p || (studentId !== undefined && p.studentId !== studentId)) throw createNotShippedError()
  return { ...toParcel(p), tracks: await tracksOf(db, p.id) }
}

/**
 * 确认收货: the student's receipt of a source's parcel, once (a second call answers the first), in
 * the caller's transaction. Not shipped (or not theirs): 404.
 */
export async function confirmParcelReceipt({
  db,
  source,
  studentId,
  now = new Date(),
}: {
  db: Executor
  source: ParcelSourceRef
  studentId: number
  now?: Date
}): Promise<{ parcel: Parcel; first: boolean }> {
  const [p] = await db
    .select()
    .from(parcels)
    .where(and(eq(parcels.sourceType, source.type), eq(parcels.sourceId, source.id)))
    .for('update')
  if (!p || p.studentId !== studentId) throw createNotShippedError()
  if (p.receivedAt) return { parcel: toParcel(p), first: false }
  const [updated] = await db.update(parcels).set({ receivedAt: now, updatedAt: now }).where(eq(parcels.id, p.id)).returning()
  return { parcel: toParcel(updated!), first: true }
}

/** The 停滞 condition: not signed or received, no exception, and nothing new (track or handling) for STUCK_DAYS. */
const stuckAt = (now: Date): SQL =>
  and(
    isNull(parcels.signedAt),
    isNull(parcels.receivedAt),
    isNull(parcels.exception),
    sql`greatest(coalesce(${parcels.lastTrackAt}, ${parcels.shippedAt}), coalesce(${parcels.handledAt}, ${parcels.shippedAt})) < ${new Date(now.getTime() - STUCK_MS)}`,
  )!
const openException = and(isNotNull(parcels.exception), isNull(parcels.handledAt))!

const consoleColumns = {
  parcel: parcels,
  studentName: studentsView.name,
  studentNo: studentsView.studentNo,
}

function toConsoleParcel(r: { parcel: ParcelRow; studentName: string; studentNo: string | null }, now: Date) {
  const p = r.parcel
  const stuck =
    !p.signedAt &&
    !p.receivedAt &&
    !p.exception &&
    Math.max((p.lastTrackAt ?? p.shippedAt).getTime(), (p.handledAt ?? p.shippedAt).getTime()) < now.getTime() - STUCK_MS
  return {
    ...toParcel(p),
    source: p.sourceType as ParcelSource,
    sourceId: p.sourceId,
    student: { id: p.studentId, name: r.studentName, studentNo: r.studentNo },
    /** What puts it in the queue now: its exception unhandled, or 停滞. */
    problem: p.exception && !p.handledAt ? (p.exception as ParcelException) : stuck ? ParcelException.stuck : null,
    exceptionAt: p.exceptionAt?.toISOString() ?? null,
    handledAt: p.handledAt?.toISOString() ?? null,
    handledNote: p.handledNote,
    subscribedAt: p.subscribedAt?.toISOString() ?? null,
    subscribeError: p.subscribeError,
  }
}
export type ConsoleParcel = ReturnType<typeof toConsoleParcel>

/**
 * The console's parcels (运单), newest first: by state, source, a problem (`queue`: the exceptions
 * queue, an unhandled exception or 停滞, oldest problem first) or a waybill number, 学号 or student name.
 */
export async function listParcels({
  db,
  filter,
  page,
  size,
  now = new Date(),
}: {
  db: Executor
  filter: { state?: ParcelState; source?: ParcelSource; queue?: boolean; keyword?: string }
  page: number
  size: number
  now?: Date
}) {
  const where = and(
    filter.state ? eq(parcels.state, filter.state) : undefined,
    filter.source ? eq(parcels.sourceType, filter.source) : undefined,
    filter.queue ? or(openException, stuckAt(now)) : undefined,
    filter.keyword
      ? or(
          eq(parcels.waybillNo, filter.keyword.trim().toUpperCase()),
          eq(studentsView.studentNo, filter.keyword.trim()),
          ilike(studentsView.name, containing(filter.keyword.trim())),
        )
      : undefined,
  )
  const base = db.select(consoleColumns).from(parcels).innerJoin(studentsView, eq(studentsView.id, parcels.studentId)).where(where)
  const [rows, [total]] = await Promise.all([
    base
      .orderBy(
        ...(filter.queue
          ? [asc(sql`coalesce(${parcels.exceptionAt}, ${parcels.lastTrackAt}, ${parcels.shippedAt})`), asc(parcels.id)]
          : [desc(parcels.createdAt), desc(parcels.id)]),
      )
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(parcels)
      .innerJoin(studentsView, eq(studentsView.id, parcels.studentId))
      .where(where),
  ])
  return { list: rows.map((r) => toConsoleParcel(r, now)), total: total?.n ?? 0, page, size }
}

/** One parcel for the console, with its tracks. */
export async function parcelDetail({ db, id, now = new Date() }: { db: Executor; id: number; now?: Date }) {
  const [r] = await db
    .select(consoleColumns)
    .from(parcels)
    .innerJoin(studentsView, eq(studentsView.id, parcels.studentId))
    .where(eq(parcels.id, id))
  if (!r) throw createParcelNotFoundError()
  return { ...toConsoleParcel(r, now), tracks: await tracksOf(db, id) }
}

/**
 * The office handles a parcel's problem (an exception, or 停滞) with a note, in the caller's
 * transaction: it leaves the queue until a new exception, or STUCK_DAYS more without a track.
 */
export async function handleParcelProblem({
  db,
  id,
  note,
  adminId,
  now = new Date(),
}: {
  db: Executor
  id: number
  note: string
  adminId: number
  now?: Date
}) {
  const [p] = await db.select().from(parcels).where(eq(parcels.id, id)).for('update')
  if (!p) throw createParcelNotFoundError()
  const [r] = await db
    .select(consoleColumns)
    .from(parcels)
    .innerJoin(studentsView, eq(studentsView.id, parcels.studentId))
    .where(eq(parcels.id, id))
  if (!toConsoleParcel(r!, now).problem) throw createNoExceptionError()
  const [updated] = await db
    .update(parcels)
    .set({ handledAt: now, handledBy: adminId, handledNote: note, updatedAt: now })
    .where(eq(parcels.id, id))
    .returning()
  return { ...toConsoleParcel({ ...r!, parcel: updated! }, now), problemHandled: p.exception ?? ParcelException.stuck }
}

/** A parcel's row and stored tracks (the sandbox replays them in its next push). */
export async function parcelForPush({ db, id }: { db: Executor; id: number }) {
  const [p] = await db.select().from(parcels).where(eq(parcels.id, id))
  if (!p) throw createParcelNotFoundError()
  const tracks = await db.select().from(parcelTracks).where(eq(parcelTracks.parcelId, id))
  return { parcel: p, history: tracks.map((t) => ({ time: t.time, context: t.context, status: t.status, areaName: t.areaName })) }
}
