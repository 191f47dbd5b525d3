import { GoodOrderStatus, type GoodKind, SHIPPED_GOOD_KINDS } from '@activity/wire'

/** A level as the server sends it. */
export interface LevelLike {
  name: string
  minPoints: number
}

/** A signed change: +5 / -3. */
export const signedPoints = (n: number) => (n > 0 ? `+${n}` : String(n))

/**
 * Where the lifetime points stand between the level and the next: the bar's percent and the
 * sentence under it.
 */
export function levelProgress(lifetime: number, level: LevelLike | null, next: LevelLike | null): { percent: number; hint: string } {
  if (!next) return { percent: 100, hint: level ? '已是最高等级' : '暂无积分等级' }
  const from = level?.minPoints ?? 0
  const span = Math.max(1, next.minPoints - from)
  const percent = Math.min(100, Math.max(0, Math.floor(((lifetime - from) / span) * 100)))
  return { percent, hint: `再获得 ${next.minPoints - lifetime} 积分升级为「${next.name}」` }
}

/** A way's state today: how often done against its cap. */
export function wayToday(way: { dailyCap: number; doneToday: number }): { text: string; full: boolean } {
  if (way.dailyCap === 0) return { text: way.doneToday > 0 ? `今日已获得${way.doneToday}次` : '不限次数', full: false }
  const full = way.doneToday >= way.dailyCap
  return { text: full ? '今日已完成' : `今日 ${way.doneToday}/${way.dailyCap}`, full }
}

export const needsAddress = (kind: GoodKind) => (SHIPPED_GOOD_KINDS as readonly string[]).includes(kind)

/** The most of a good I may exchange now: stock, what is left of the per-person limit, what my points buy; a voucher 1. */
export function maxQuantity(
  good: { kind: GoodKind; stock: number; points: number; perPersonLimit: number; exchanged: number },
  balance: number,
): number {
  const byLimit = good.perPersonLimit > 0 ? good.perPersonLimit - good.exchanged : Number.POSITIVE_INFINITY
  const cap = good.kind === '课程券' ? 1 : 99
  return Math.max(0, Math.min(good.stock, byLimit, Math.floor(balance / good.points), cap))
}

export interface AddressDraft {
  name: string
  phone: string
  address: string
}

export const PHONE_PATTERN = /^1[3-9]\d{9}$/

/** The address form's messages by field (none: it may go). */
export function addressErrors(a: AddressDraft): Partial<Record<keyof AddressDraft, string>> {
  const errors: Partial<Record<keyof AddressDraft, string>> = {}
  if (!a.name.trim()) errors.name = '请填写收货人'
  else if (a.name.trim().length > 20) errors.name = '收货人不能超过20个字'
  if (!a.phone.trim()) errors.phone = '请填写手机号'
  else if (!PHONE_PATTERN.test(a.phone.trim())) errors.phone = '手机号格式不正确'
  if (!a.address.trim()) errors.address = '请填写收货地址'
  else if (a.address.trim().length > 120) errors.address = '收货地址不能超过120个字'
  return errors
}

/** Why this exchange cannot go now (before asking the server, which decides), or null. */
export function exchangeRefusal(
  good: { kind: GoodKind; stock: number; points: number; perPersonLimit: number; exchanged: number },
  balance: number,
  quantity: number,
): string | null {
  if (good.stock <= 0) return '库存不足'
  if (good.perPersonLimit > 0 && good.exchanged + quantity > good.perPersonLimit) return '超过每人限兑数量'
  if (good.points * quantity > balance) return '积分不足'
  return null
}

/** The exchange's body as the server takes it: the address as its JSON text (a form body), only for shipped kinds. */
export function exchangeBody(goodId: number, quantity: number, kind: GoodKind, address: AddressDraft) {
  return {
    goodId,
    quantity,
    ...(needsAddress(kind)
      ? { address: JSON.stringify({ name: address.name.trim(), phone: address.phone.trim(), address: address.address.trim() }) }
      : {}),
  }
}

/** An exchange may be cancelled (points and stock back) only before it ships. */
export const canCancel = (order: { status: string }) => order.status === GoodOrderStatus.toShip
