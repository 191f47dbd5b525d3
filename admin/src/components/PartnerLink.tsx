import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'

/** What a clue without a partner shows where its partner would be: it came from a 招生老师's own poster. */
export const NO_PARTNER = '无（招生老师推广）'

/** 「王芳（DEMO01）」: a clue's partner by name and share code. */
export function partnerLabel(d: { partnerName: string | null; partnerCode: string | null }): string {
  return d.partnerCode === null ? NO_PARTNER : `${d.partnerName ?? '未填姓名'}（${d.partnerCode}）`
}

/** A clue's partner, linked to their page; a 招生老师's own clue has none. */
export function PartnerLink({ clue, children }: { clue: { partnerId: number | null }; children: ReactNode }) {
  return clue.partnerId === null ? <span>{NO_PARTNER}</span> : <Link to={`/partners/${clue.partnerId}`}>{children}</Link>
}
