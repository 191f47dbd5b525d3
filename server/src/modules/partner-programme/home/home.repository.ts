import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import { preparedPerDb } from '../../../db/prepared.ts'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { ClueStatus } from '../../../wire.ts'
import { cluesView } from '../clues/index.ts'
import { ledgerEntriesView, walletsView } from '../ledger/index.ts'
import { levelsView } from '../levels/index.ts'
import { partnersView } from '../partners/index.ts'

export interface LevelSummary {
  id: number
  name: string
  minDeals: number
  commissionPerDeal: number
}

// Subqueries name the partner by the parameter, not by the outer column: drizzle writes columns
// unqualified in single-table selects, and a bare "id" inside a subquery is the inner table's.
const partnerIdParam = sql.placeholder('partnerId')

const levelsJson = sql<
  LevelSummary[]
>`(select coalesce(json_agg(json_build_object('id', ${levelsView.id}, 'name', ${levelsView.name}, 'minDeals', ${levelsView.minDeals}, 'commissionPerDeal', ${levelsView.commissionPerDeal}) order by ${levelsView.minDeals}), '[]'::json) from ${levelsView})`
const dealsIn =
  sql<number>`(select count(*) from ${cluesView} where ${cluesView.partnerId} = ${partnerIdParam} and ${cluesView.status} = ${ClueStatus.deal} and ${cluesView.dealAt} >= ${sql.placeholder('from')} and ${cluesView.dealAt} < ${sql.placeholder('to')})`.mapWith(
    Number,
  )

/**
 * The home summary in one statement (one round trip): the partner's status and info, wallet,
 * still-frozen commissions, every level, deals this cycle and clues still 待跟进. Each part is an
 * index lookup: wallets by key, ledger_partner_frozen_idx, clues_partner_deal_idx and
 * clues_partner_status_created_idx.
 */
const homeSummary = preparedPerDb((db) =>
  db
    .select({
      partner: {
        status: partnersView.status,
        realName: partnersView.realName,
        gender: partnersView.gender,
        idCard: partnersView.idCard,
        province: partnersView.province,
        city: partnersView.city,
        payoutType: partnersView.payoutType,
        payoutAccount: partnersView.payoutAccount,
        payoutName: partnersView.payoutName,
        school: partnersView.school,
        major: partnersView.major,
        discipline: partnersView.discipline,
        intakeYear: partnersView.intakeYear,
        batch: partnersView.batch,
      },
      balance:
        sql<number>`coalesce((select ${walletsView.balance} from ${walletsView} where ${walletsView.partnerId} = ${partnerIdParam}), 0)`.mapWith(
          Number,
        ),
      frozen:
        sql<number>`coalesce((select sum(${ledgerEntriesView.amount}) from ${ledgerEntriesView} where ${ledgerEntriesView.partnerId} = ${partnerIdParam} and ${ledgerEntriesView.frozenUntil} > ${sql.placeholder('now')}), 0)`.mapWith(
          Number,
        ),
      levels: levelsJson,
      dealsThisCycle: dealsIn,
      newClues:
        sql<number>`(select count(*) from ${cluesView} where ${cluesView.partnerId} = ${partnerIdParam} and ${cluesView.status} = ${ClueStatus.new})`.mapWith(
          Number,
        ),
    })
    .from(partnersView)
    .where(eq(partnersView.id, sql.placeholder('partnerId')))
    .prepare('home_summary'),
)

/** Every level and the partner's deals in the cycle, in one statement (the tier page). */
const positionSummary = preparedPerDb((db) =>
  db
    .select({ levels: levelsJson, dealsThisCycle: dealsIn })
    .from(partnersView)
    .where(eq(partnersView.id, sql.placeholder('partnerId')))
    .prepare('position_summary'),
)

export function createHomeRepository({ db }: { db: Executor }) {
  return {
    async summary({ partnerId, now, cycle }: { partnerId: number; now: Date; cycle: Range }) {
      const [row] = await homeSummary(db).execute({ partnerId, now, from: cycle.from, to: cycle.to })
      return row
    },
    async position({ partnerId, cycle }: { partnerId: number; cycle: Range }) {
      const [row] = await positionSummary(db).execute({ partnerId, from: cycle.from, to: cycle.to })
      return row ?? { levels: [] as LevelSummary[], dealsThisCycle: 0 }
    },
    /** Closed deals in each range, one statement (a FILTER per range over clues_partner_deal_idx). */
    async countDealsIn({ partnerId, ranges }: { partnerId: number; ranges: Range[] }): Promise<number[]> {
      if (ranges.length === 0) return []
      const from = new Date(Math.min(...ranges.map((r) => r.from.getTime())))
      const to = new Date(Math.max(...ranges.map((r) => r.to.getTime())))
      const columns: Record<string, SQL.Aliased<number>> = {}
      ranges.forEach((r, i) => {
        columns[`n${i}`] = sql<number>`count(*) filter (where ${cluesView.dealAt} >= ${r.from} and ${cluesView.dealAt} < ${r.to})`
          .mapWith(Number)
          .as(`n${i}`)
      })
      const [row] = await db
        .select(columns)
        .from(cluesView)
        .where(
          and(
            eq(cluesView.partnerId, partnerId),
            eq(cluesView.status, ClueStatus.deal),
            gte(cluesView.dealAt, from),
            lt(cluesView.dealAt, to),
          ),
        )
      return ranges.map((_, i) => Number(row?.[`n${i}`] ?? 0))
    },
  }
}
