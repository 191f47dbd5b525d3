import { PARTNER_STATUSES, type PartnerStatus } from '@activity/wire'
import type { UserInfo } from './types'

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)
}

/**
 * The session user in what a sign-in or signInfo call returned, or null when it holds no user
 * with an id: only such a user counts as a login (SPEC.md section 5).
 */
export function userFrom(data: unknown): UserInfo | null {
  if (!data || typeof data !== 'object') return null
  const d = data as Record<string, unknown>
  const id = typeof d.id === 'number' ? d.id : typeof d.id === 'string' && /^\d+$/.test(d.id) ? Number(d.id) : NaN
  if (!Number.isFinite(id) || id <= 0) return null
  const user: UserInfo = {
    id,
    phone: text(d.phone),
    nickname: text(d.nickname),
    avatar: typeof d.avatar === 'string' && d.avatar ? d.avatar : null,
    school: text(d.school),
    major: text(d.major),
    discipline: text(d.discipline),
  }
  if (typeof d.status === 'string' && (PARTNER_STATUSES as string[]).includes(d.status)) user.status = d.status as PartnerStatus
  if (typeof d.code === 'string' && d.code) user.code = d.code
  return user
}
