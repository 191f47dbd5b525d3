/** How a partner's status looks everywhere in the console. */
import { PartnerStatus } from '@activity/wire'
import { Tag } from 'antd'

const COLORS: Record<PartnerStatus, string> = {
  [PartnerStatus.incomplete]: 'default',
  [PartnerStatus.pending]: 'orange',
  [PartnerStatus.active]: 'green',
  [PartnerStatus.rejected]: 'red',
  [PartnerStatus.disabled]: 'default',
}

export function PartnerStatusTag({ status }: { status: PartnerStatus }) {
  return <Tag color={COLORS[status] ?? 'default'}>{status}</Tag>
}

/** The name an operator knows a partner by: the real name, else the nickname, else the phone. */
export function partnerName(p: { personal: { realName: string | null }; nickname: string | null; phone: string }): string {
  return p.personal.realName || p.nickname || p.phone
}
