import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Executor } from '../../../db/types.ts'
import { ClueStatus, ClueStep, LedgerType } from '../../../wire.ts'
import { createActivitiesRepository } from '../activities/index.ts'
import { createAuditRepository } from '../../platform/index.ts'
import { ledgerEntriesView } from '../ledger/index.ts'
import type { clueStepSchema } from './clue-progress.schemas.ts'
import { createClueNotFoundError } from './clues.errors.ts'
import { createCluesRepository } from './clues.repository.ts'
import { toPartnerClue } from './clues.service.ts'

type Step = z.infer<typeof clueStepSchema>

const EMPTY: Omit<Step, 'type' | 'at'> = {
  source: null,
  activityTitle: null,
  method: null,
  programme: null,
  commission: null,
  levelName: null,
  frozenUntil: null,
  reason: null,
}

/**
 * When the office took the clue up: its first operator action, whichever record tells it (an
 * assignment to a teacher or a take from the pool in the audit log, a follow, a follow-up, the
 * deal or the invalid mark; a teacher acting on a pool clue takes it). Sent back to the pool is no
 * taking. Null while nobody has touched it.
 */
function takenAt({ audit, times }: { audit: Array<{ action: string; after: unknown; createdAt: Date }>; times: Array<Date | null> }) {
  let at: Date | null = null
  const consider = (d: Date | null) => {
    if (d && (!at || d < at)) at = d
  }
  for (const entry of audit) {
    const toPool = entry.action === 'clue.assign' && (entry.after as { assigneeId?: unknown } | null)?.assigneeId == null
    if (!toPool) consider(entry.createdAt)
  }
  times.forEach(consider)
  return at as Date | null
}

/**
 * A clue's progress as its partner may see it (线索详情): recorded, taken by the office, each
 * follow-up as a dated step (how, never what the teacher noted), then the deal with the commission
 * and tier it earned (and its refund, when the enrolment was cancelled), or why it is invalid. Another partner's clue is "not found", like a missing one.
 */
export async function clueProgress({ db, partnerId, id }: { db: Executor; partnerId: number; id: number }) {
  const repo = createCluesRepository({ db })
  const clue = await repo.findById({ id })
  if (!clue || clue.partnerId !== partnerId) throw createClueNotFoundError()
  const activityId = clue.activityId && /^\d{1,9}$/.test(clue.activityId) ? Number(clue.activityId) : undefined
  const [followUps, audit, activity, credit] = await Promise.all([
    repo.listFollowUps({ clueId: id }),
    createAuditRepository({ db }).forEntity({ entityType: 'clue', entityId: String(id), limit: 200 }),
    activityId !== undefined ? createActivitiesRepository({ db }).findById({ id: activityId }) : undefined,
    clue.status === ClueStatus.deal || clue.status === ClueStatus.cancelled
      ? db
          .select({ frozenUntil: ledgerEntriesView.frozenUntil })
          .from(ledgerEntriesView)
          .where(
            and(
              eq(ledgerEntriesView.partnerId, partnerId),
              eq(ledgerEntriesView.type, LedgerType.commission),
              eq(ledgerEntriesView.refType, 'clue'),
              eq(ledgerEntriesView.refId, id),
            ),
          )
          .limit(1)
          .then((rows) => rows[0])
      : undefined,
  ])

  const steps: Step[] = [
    { ...EMPTY, type: ClueStep.recorded, at: clue.createdAt.toISOString(), source: clue.source, activityTitle: activity?.title ?? null },
  ]
  const closedAt =
    clue.status === ClueStatus.deal || clue.status === ClueStatus.cancelled
      ? clue.dealAt
      : clue.status === ClueStatus.invalid
        ? clue.lastTouchedAt
        : null
  const taken = takenAt({ audit, times: [clue.followedAt, closedAt, ...followUps.map((f) => f.createdAt)] })
  // In the order things happen to a clue (recorded, taken, followed up, closed), not sorted by time:
  // back-dated records (a deal entered days later with its real date) must not put a close first.
  if (taken) steps.push({ ...EMPTY, type: ClueStep.taken, at: (taken < clue.createdAt ? clue.createdAt : taken).toISOString() })
  for (const f of [...followUps].reverse())
    steps.push({ ...EMPTY, type: ClueStep.followUp, at: f.createdAt.toISOString(), method: f.method })
  if ((clue.status === ClueStatus.deal || clue.status === ClueStatus.cancelled) && clue.dealAt) {
    steps.push({
      ...EMPTY,
      type: ClueStep.deal,
      at: clue.dealAt.toISOString(),
      programme: clue.programme,
      commission: clue.commission,
      levelName: clue.levelName,
      frozenUntil: credit?.frozenUntil?.toISOString() ?? null,
    })
  }
  if (clue.status === ClueStatus.cancelled && clue.cancelledAt) {
    // The enrolment was refunded: the deal above stays in the story, its commission clawed back.
    steps.push({
      ...EMPTY,
      type: ClueStep.cancelled,
      at: clue.cancelledAt.toISOString(),
      commission: clue.commission,
      reason: clue.cancelReason,
    })
  }
  if (clue.status === ClueStatus.invalid) {
    // A closed clue is touched no more, so its last touch is when it was marked invalid.
    steps.push({ ...EMPTY, type: ClueStep.invalid, at: clue.lastTouchedAt.toISOString(), reason: clue.invalidReason })
  }
  return { clue: toPartnerClue(clue), steps }
}
