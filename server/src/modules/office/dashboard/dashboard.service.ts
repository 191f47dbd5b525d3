import { BEIJING_OFFSET_MS } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { cycleRange, lastDays, shanghaiDate } from '../../../lib/time-range.ts'
import { ClueStatus, GoodOrderStatus, PointsApplicationStatus, RefundStatus, RollRequestStatus, WithdrawalStatus } from '../../../wire.ts'
import { type Actor } from '../../platform/index.ts'
import { countConsoleClues, withdrawalTotals } from '../../partner-programme/index.ts'
import { countClassesForConsole, countRollRequests } from '../../roll/index.ts'
import { countFeeOrders } from '../../money/index.ts'
import { papersToMark, questionsWaiting } from '../../learning/index.ts'
import { countApplicationsForConsole, countGoodOrdersForConsole } from '../../points/index.ts'
import { createDashboardRepository, type DailyFigure } from './dashboard.repository.ts'

const DAY = 86400_000
const OFFSET = BEIJING_OFFSET_MS
export const TREND_DAYS = 30
export const STALE_HOURS = 24

/** The Shanghai day number of an instant at a Shanghai midnight. */
const dayNumber = (instant: Date) => Math.floor((instant.getTime() + OFFSET) / DAY)

/** How long the office-wide figures are reused: they sum months of rows, the to-do counts do not. */
export const FIGURES_TTL_MS = 60_000
type Figures = Record<'clues' | 'deals' | 'commission' | 'paidOut', DailyFigure[]>
const figuresCache = new WeakMap<Executor, { until: number; from: number; value: Promise<Figures> }>()

/**
 * The daily figures of the cycle and the trend, the same for every operator: computed at most once
 * a minute per database (a dashboard opened by the whole office costs one set of sums), and again
 * when the day's window moves.
 */
function officeFigures({ db, span, now }: { db: Executor; span: { from: Date; to: Date }; now: Date }): Promise<Figures> {
  const cached = figuresCache.get(db)
  if (cached && cached.until > now.getTime() && cached.from === span.from.getTime()) return cached.value
  const repo = createDashboardRepository({ db })
  const value = Promise.all([repo.cluesPerDay(span), repo.dealsPerDay(span), repo.commissionPerDay(span), repo.paidOutPerDay(span)]).then(
    ([clues, deals, commission, paidOut]) => ({ clues, deals, commission, paidOut }),
  )
  figuresCache.set(db, { until: now.getTime() + FIGURES_TTL_MS, from: span.from.getTime(), value })
  value.catch(() => figuresCache.delete(db))
  return value
}

/** How many of the oldest 答疑 waiting the workbench lists. */
export const OLDEST_QUESTIONS = 5

/**
 * The to-dos (待办) and the right each follows: the right that lets the operator act on it (a
 * position that only reads a list gets no to-do from it). Each count is the owner's count with the
 * filter its console list takes from the link the card opens (in brackets).
 */
export const TODO_RIGHTS = {
  /** 招生: open clues whose next contact has passed (/clues?overdue=1); a teacher's own and the pool. */
  overdueClues: 'clues.work',
  /** 招生: clues 待跟进 in the pool, nobody's yet (/clues?assignee=pool&status=待跟进). */
  poolClues: 'clues.work',
  /** 教务: 学籍变更申请 待审核 (/roll-requests?status=待审核). */
  rollRequests: 'rollRequests.approve',
  /** 教学: 答疑 waiting for a teacher (/student-questions?status=待回复&closed=false), the oldest listed. */
  questions: 'studentQuestions.answer',
  /** 教学: papers with attempts 待阅卷 (/papers?marking=true), and those attempts. */
  papersToMark: 'exams.edit',
  /** 教务: today's night classes (/night/classes?date=<today>). */
  nightClassesToday: 'night.edit',
  /** 财务: fee orders with a refund 退款中 (/fee-orders?refundStatus=退款中). */
  refunding: 'fees.refund',
  /** 财务: withdrawals 审核中 to pay (/withdrawals?status=审核中): the existing `pendingWithdrawals`. */
  withdrawalsToPay: 'withdrawals.pay',
  /** 积分: applications 待审核 (/points/applications?status=待审核). */
  pointsApplications: 'points.edit',
  /** 积分: exchange orders 待发货 (/points/orders?status=待发货). */
  goodsToShip: 'points.edit',
} as const

/**
 * The to-dos of the operator's rights (null: not theirs), each counted by the module that owns
 * the rows with its console list's filter, so a card's count is the total of the list it opens.
 */
async function todos({ db, actor, now }: { db: Executor; actor: Actor; now: Date }) {
  const may = (todo: keyof typeof TODO_RIGHTS) => actor.rights.has(TODO_RIGHTS[todo])
  const when = <T>(todo: keyof typeof TODO_RIGHTS, count: () => Promise<T>): Promise<T | null> =>
    may(todo) ? count() : Promise.resolve(null)
  const today = shanghaiDate(now)
  const [overdueClues, poolClues, rollRequests, questions, papers, nightClassesToday, refunding, pointsApplications, goodsToShip] =
    await Promise.all([
      when('overdueClues', () => countConsoleClues({ db, query: { overdue: true }, actor, now })),
      when('poolClues', () => countConsoleClues({ db, query: { pool: true, status: ClueStatus.new }, actor, now })),
      when('rollRequests', () => countRollRequests({ db, status: RollRequestStatus.pending })),
      when('questions', () => questionsWaiting({ db, limit: OLDEST_QUESTIONS })),
      when('papersToMark', () => papersToMark({ db })),
      when('nightClassesToday', async () => ({ date: today, count: await countClassesForConsole({ db, date: today }) })),
      when('refunding', () => countFeeOrders({ db, filter: { refundStatus: RefundStatus.pending } })),
      when('pointsApplications', () => countApplicationsForConsole({ db, filter: { status: PointsApplicationStatus.pending } })),
      when('goodsToShip', () => countGoodOrdersForConsole({ db, filter: { status: GoodOrderStatus.toShip } })),
    ])
  return {
    overdueClues,
    poolClues,
    rollRequests,
    questions,
    papersToMark: papers,
    nightClassesToday,
    refunding,
    pointsApplications,
    goodsToShip,
  }
}

/**
 * What needs doing now and how the cycle goes. The to-dos follow the position's rights
 * (TODO_RIGHTS; a teacher's clue counts are their own clues and the pool, as their list shows);
 * cycle and trend are the office's, refreshed each minute.
 */
export async function dashboard({
  db,
  actor,
  overdueLimit,
  now = new Date(),
}: {
  db: Executor
  actor: Actor
  overdueLimit: number
  now?: Date
}) {
  const repo = createDashboardRepository({ db })
  const seesAllClues = actor.rights.has('clues.viewAll')
  const seesClues = actor.rights.has('clues.work')
  const teacherId = seesAllClues ? undefined : actor.id
  const cycle = cycleRange(now)
  const trend = lastDays(TREND_DAYS - 1, now)
  const span = { from: new Date(Math.min(cycle.from.getTime(), trend.from.getTime())), to: trend.to }

  const [pendingPartners, staleClues, pendingWithdrawals, overdue, figures, todo] = await Promise.all([
    actor.rights.has('partners.review') ? repo.pendingPartners() : null,
    seesClues ? countConsoleClues({ db, query: { staleHours: STALE_HOURS }, actor, now }) : null,
    actor.rights.has(TODO_RIGHTS.withdrawalsToPay) ? withdrawalTotals({ db, filter: { status: WithdrawalStatus.applying } }) : null,
    seesClues ? repo.overdueContacts({ now, teacherId, limit: overdueLimit }) : [],
    officeFigures({ db, span, now }),
    todos({ db, actor, now }),
  ])
  const { clues, deals, commission, paidOut } = figures

  const byDay = (figures: DailyFigure[]) => new Map(figures.map((f) => [f.day, f.value]))
  const series = { clues: byDay(clues), deals: byDay(deals), commission: byDay(commission), paidOut: byDay(paidOut) }
  const total = (m: Map<number, number>, from: number, to: number) => {
    let n = 0
    for (const [day, value] of m) if (day >= from && day < to) n += value
    return n
  }
  const cycleFrom = dayNumber(cycle.from)
  const cycleTo = dayNumber(cycle.to)
  const firstDay = dayNumber(trend.from)
  return {
    role: actor.role,
    pendingPartners,
    staleClues,
    pendingWithdrawals,
    todos: todo,
    overdueContacts: overdue.map((o) => ({
      ...o,
      nextContactAt: o.nextContactAt!.toISOString(),
      assigneeName: o.assigneeId === null ? null : o.assigneeName,
    })),
    cycle: {
      from: cycle.from.toISOString(),
      to: cycle.to.toISOString(),
      newClues: total(series.clues, cycleFrom, cycleTo),
      deals: total(series.deals, cycleFrom, cycleTo),
      commission: total(series.commission, cycleFrom, cycleTo),
      paidOut: total(series.paidOut, cycleFrom, cycleTo),
    },
    trend: Array.from({ length: TREND_DAYS }, (_, i) => {
      const day = firstDay + i
      return {
        date: shanghaiDate(new Date(day * DAY - OFFSET)),
        clues: series.clues.get(day) ?? 0,
        deals: series.deals.get(day) ?? 0,
        commission: series.commission.get(day) ?? 0,
        paidOut: series.paidOut.get(day) ?? 0,
      }
    }),
  }
}
