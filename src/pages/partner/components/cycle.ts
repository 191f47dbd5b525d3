import { beijingDateText } from '@activity/domain'
import type { PartnerPosition } from '../../../api/ems/partner'

/** A cycle is a calendar month in Asia/Shanghai time, whatever the phone's time zone. */
const shanghaiDay = (ms: number): string => beijingDateText(ms, { year: false })

/** The cycle as a person reads it: 11月1日 - 11月30日 (the server's `to` is exclusive). */
export function cycleText(cycle: PartnerPosition['cycle']): string {
  return `${shanghaiDay(Date.parse(cycle.from))} - ${shanghaiDay(Date.parse(cycle.to) - 1)}`
}
