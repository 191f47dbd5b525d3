import type { PartnerPosition } from '../../../api/ems/partner'

/** A cycle is a calendar month in Asia/Shanghai time, whatever the phone's time zone. */
const SHANGHAI_OFFSET_MS = 8 * 3600_000

function shanghaiDay(ms: number): string {
  const d = new Date(ms + SHANGHAI_OFFSET_MS)
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`
}

/** The cycle as a person reads it: 11月1日 - 11月30日 (the server's `to` is exclusive). */
export function cycleText(cycle: PartnerPosition['cycle']): string {
  return `${shanghaiDay(Date.parse(cycle.from))} - ${shanghaiDay(Date.parse(cycle.to) - 1)}`
}
