import { PARTNER_STATUSES, PROFILES, type PartnerStatus, type Profile } from '@activity/wire'
import type { Person, StudentHeader, UserInfo } from './types'

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

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null
}

function studentFrom(data: unknown): StudentHeader | null {
  if (!data || typeof data !== 'object') return null
  const d = data as Record<string, unknown>
  return {
    id: num(d.id),
    name: text(d.name),
    educationType: text(d.educationType),
    school: text(d.school),
    major: text(d.major),
    level: text(d.level),
    programme: textOrNull(d.programme),
    discipline: textOrNull(d.discipline),
    batchYear: num(d.batchYear),
    batch: num(d.batch),
    studentNo: textOrNull(d.studentNo),
    status: text(d.status),
    unreadNotices: num(d.unreadNotices),
  }
}

/** The person and their session user in what GET person returned, or null when it holds no user. */
export function personFrom(data: unknown): { person: Person; user: UserInfo } | null {
  if (!data || typeof data !== 'object') return null
  const d = data as Record<string, unknown>
  const user = userFrom(d.user)
  const accountId = num(d.accountId)
  if (!user || accountId <= 0) return null
  const profiles = (Array.isArray(d.profiles) ? d.profiles : []).filter((p): p is Profile => (PROFILES as unknown[]).includes(p))
  const partner = d.partner && typeof d.partner === 'object' ? (d.partner as Record<string, unknown>) : null
  const student = studentFrom(d.student)
  return {
    user,
    person: {
      accountId,
      profiles,
      partner: partner ? { id: num(partner.id), status: text(partner.status), code: text(partner.code) } : null,
      student: profiles.includes('student') ? student : null,
    },
  }
}
