import { BEIJING_OFFSET_MS } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { cycleRange, lastDays, shanghaiDate } from '../../../lib/time-range.ts'
import { type Actor } from '../../platform/index.ts'
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

/**
 * What needs doing now and how the cycle goes. The to-do figures follow the role's menus (a
 * 招生老师 gets no partner review or payout figures, finance no clue figures; a teacher's clue
 * figures count their own clues and the pool); cycle and trend are the office's, refreshed each minute.
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
  const seesMoney = actor.rights.has('withdrawals.view')
  const teacherId = seesAllClues ? undefined : actor.id
  const cycle = cycleRange(now)
  const trend = lastDays(TREND_DAYS - 1, now)
  const span = { from: new Date(Math.min(cycle.from.getTime(), trend.from.getTime())), to: trend.to }

  const [pendingPartners, staleClues, pendingWithdrawals, overdue, figures] = await Promise.all([
    actor.rights.has('partners.review') ? repo.pendingPartners() : null,
    seesClues ? repo.staleClues({ before: new Date(now.getTime() - STALE_HOURS * 3600_000), teacherId }) : null,
    seesMoney ? repo.pendingWithdrawals() : null,
    seesClues ? repo.overdueContacts({ now, teacherId, limit: overdueLimit }) : [],
    officeFigures({ db, span, now }),
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
