import { isWholePhone } from '../../../lib/mask.ts'
import type { Executor } from '../../../db/types.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { quickFindClues, quickFindPartners } from '../../partner-programme/index.ts'
import { quickFindStudents } from '../../roll/index.ts'
import { FINDER_LIMIT, type Findings } from './finder.schemas.ts'

/** The console's list each kind belongs to, and the right that opens it: the finder shows a kind only with it. */
export const FINDER_RIGHTS = { students: 'students.view', partners: 'partners.view', clues: 'clues.view' } as const

const KIND_LABELS = { students: '学员', partners: '合伙人', clues: '线索' } as const

/**
 * 快速查找 (issue 39 §2): students, partners and clues whose name contains `q`, or whose phone is
 * `q` when it is a whole mobile number, each kind only when the operator's position opens its list
 * and only what that list would show them. Phones leave masked for a position without 查看完整手机号
 * (plugins/sensitive-data.ts, by the answer's schema). An answer that carries whole phones (the
 * position sees them whole) or implies one (found by a whole phone) is recorded in the audit log as
 * a reveal, one entry per search naming everyone shown; `audited` says it was.
 */
export async function quickFind({
  db,
  actor,
  q,
}: {
  db: Executor
  actor: Actor
  q: string
}): Promise<{ findings: Findings; audited: boolean }> {
  const may = (kind: keyof typeof FINDER_RIGHTS) => actor.rights.has(FINDER_RIGHTS[kind])
  return db.transaction(async (tx) => {
    // One after another: a transaction's statements share its one connection.
    // A head teacher without 查看全部学员 finds only their classes' students, as their list shows.
    const headTeacherId = actor.rights.has('students.viewAll') ? undefined : actor.id
    const students = may('students') ? await quickFindStudents({ db: tx, q, limit: FINDER_LIMIT, headTeacherId }) : null
    const partners = may('partners') ? await quickFindPartners({ db: tx, q, limit: FINDER_LIMIT }) : null
    const clues = may('clues') ? await quickFindClues({ db: tx, actor, q, limit: FINDER_LIMIT }) : null
    const findings: Findings = {
      students: students && students.map(({ id, name, phone, status, studentNo }) => ({ id, name, phone, status, studentNo })),
      partners:
        partners &&
        partners.map((p) => ({ id: p.id, name: p.realName || p.nickname || p.code, phone: p.phone, status: p.status, code: p.code })),
      clues: clues && clues.map(({ id, name, phone, status }) => ({ id, name, phone, status })),
    }
    const byPhone = isWholePhone(q)
    const shown = (Object.keys(KIND_LABELS) as Array<keyof typeof KIND_LABELS>).flatMap((kind) =>
      (findings[kind] ?? []).map((row) => ({ kind, id: row.id, name: row.name })),
    )
    const audited = shown.length > 0 && (byPhone || actor.rights.has('data.reveal'))
    if (audited) {
      const names = shown.map((s) => `${KIND_LABELS[s.kind]}「${s.name}」`).join('、')
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'data.reveal',
          entityType: 'finder',
          entityId: shown
            .map((s) => `${s.kind}:${s.id}`)
            .join(' ')
            .slice(0, 120),
          // recordAudit masks the phone searched by, as every entry's summary.
          summary: `快速查找「${q}」${byPhone ? '（按手机号）' : ''}，显示完整手机号：${names}`,
          after: { q, shown },
        },
      })
    }
    return { findings, audited }
  })
}
