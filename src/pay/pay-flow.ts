import { OrderPayStatus } from '@activity/wire'

/**
 * The pay page's state machine (SPEC.md section 3: paying → paid successfully / payment
 * failed). Pure: the page feeds it events and shows its state.
 *
 * - The order loads in the state the server has for it (待支付, 支付中, 支付成功, 支付失败, 已取消).
 * - An order the office cancelled (已取消) cannot be paid: no button, a line saying so.
 * - Paying: 支付中 from the press of the button; payFee, then the platform's pay call.
 * - Whatever the platform call says, only the server (told by the provider) decides paid or
 *   failed: the page polls payStatus until 支付成功 or 支付失败. A platform "ok" never marks
 *   the order paid.
 * - A cancelled payment (the person closed the pay sheet) is back to 待支付, with the button to
 *   try again. The server still says 支付中 for it: it answers 待支付 only for an order never paid.
 * - A poll that outlives POLL_LIMIT_MS leaves the order 支付中 with "confirming": the person can
 *   check again or pay again. If the platform had reported an error, that is a failure instead.
 */
export type PayPhase = 'loading' | 'loadFailed' | 'unpaid' | 'paying' | 'paid' | 'failed' | 'cancelled'

export interface PayState {
  phase: PayPhase
  /** A line under the status: why it failed, that it was cancelled, that the result is still being confirmed. */
  note: string | null
  /** Polling gave up while the server still said 支付中. */
  confirming: boolean
  /** The platform's pay call reported an error (not a cancel). */
  platformError: string | null
  /** payFee and the platform's pay sheet are under way: no polling yet. */
  awaiting: boolean
}

export type PayEvent =
  | { type: 'loaded'; payStatus: OrderPayStatus; failReason?: string | null }
  | { type: 'loadFailed' }
  | { type: 'payPressed' }
  /** payFee was refused (the wrapper showed why) or the platform call could not start. */
  | { type: 'payNotStarted' }
  | { type: 'platformOk' }
  | { type: 'platformCancelled' }
  | { type: 'platformFailed'; reason: string }
  | { type: 'polled'; payStatus: OrderPayStatus; failReason?: string | null }
  | { type: 'pollGaveUp' }
  /** "刷新" while confirming: poll again. */
  | { type: 'recheck' }

export const PAY_NOTES = {
  cancelled: '已取消支付，可重新支付',
  confirming: '支付结果确认中，请稍后刷新查看',
  failedDefault: '支付未完成，请重新支付',
  orderCancelled: '该订单已取消，无需支付',
} as const

/** How long the page polls payStatus after a payment before it says "confirming". */
export const POLL_LIMIT_MS = 60_000
/** Polls quickly first (a provider usually notifies within seconds), then every 3 s. */
export function pollDelay(attempt: number): number {
  return attempt < 5 ? 1000 : attempt < 15 ? 2000 : 3000
}

export const INITIAL_PAY_STATE: PayState = { phase: 'loading', note: null, confirming: false, platformError: null, awaiting: false }

function fromServer(state: PayState, payStatus: OrderPayStatus, failReason?: string | null): PayState {
  switch (payStatus) {
    case OrderPayStatus.paid:
      return { ...INITIAL_PAY_STATE, phase: 'paid' }
    case OrderPayStatus.failed:
      return { ...INITIAL_PAY_STATE, phase: 'failed', note: failReason || PAY_NOTES.failedDefault }
    case OrderPayStatus.paying:
      return { ...state, phase: 'paying' }
    case OrderPayStatus.cancelled:
      return { ...INITIAL_PAY_STATE, phase: 'cancelled', note: PAY_NOTES.orderCancelled }
    default:
      return { ...INITIAL_PAY_STATE, phase: 'unpaid' }
  }
}

export function payReducer(state: PayState, event: PayEvent): PayState {
  switch (event.type) {
    case 'loaded':
      return fromServer({ ...INITIAL_PAY_STATE, phase: state.phase }, event.payStatus, event.failReason)
    case 'loadFailed':
      return { ...INITIAL_PAY_STATE, phase: 'loadFailed' }
    case 'payPressed':
      if (state.phase === 'paid' || state.phase === 'cancelled' || state.phase === 'loading' || state.phase === 'loadFailed') return state
      return { ...INITIAL_PAY_STATE, phase: 'paying', awaiting: true }
    case 'payNotStarted':
      return state.phase === 'paying' ? { ...INITIAL_PAY_STATE, phase: 'unpaid' } : state
    case 'platformOk':
      return state.phase === 'paying' ? { ...state, awaiting: false } : state
    case 'platformCancelled':
      return state.phase === 'paying' ? { ...INITIAL_PAY_STATE, phase: 'unpaid', note: PAY_NOTES.cancelled } : state
    case 'platformFailed':
      return state.phase === 'paying' ? { ...state, awaiting: false, platformError: event.reason } : state
    case 'polled':
      // Only answers about an order being paid move it; 待支付 while paying is a late answer.
      if (state.phase !== 'paying' || state.awaiting) return state
      if (event.payStatus === OrderPayStatus.unpaid) return state
      return fromServer(state, event.payStatus, event.failReason)
    case 'pollGaveUp':
      if (state.phase !== 'paying' || state.awaiting) return state
      if (state.platformError) return { ...INITIAL_PAY_STATE, phase: 'failed', note: state.platformError }
      return { ...state, confirming: true, note: PAY_NOTES.confirming }
    case 'recheck':
      return state.phase === 'paying' && state.confirming ? { ...state, confirming: false, note: null } : state
  }
}

/** Whether the page should be polling payStatus now. */
export function shouldPoll(state: PayState): boolean {
  return state.phase === 'paying' && !state.confirming && !state.awaiting
}

/** The status line, in SPEC's words: 待支付, 支付中, 支付成功, 支付失败 (and 已取消 for an order the office cancelled). */
export function statusLabel(phase: PayPhase): string {
  switch (phase) {
    case 'paying':
      return OrderPayStatus.paying
    case 'paid':
      return OrderPayStatus.paid
    case 'failed':
      return OrderPayStatus.failed
    case 'unpaid':
      return OrderPayStatus.unpaid
    case 'cancelled':
      return OrderPayStatus.cancelled
    default:
      return ''
  }
}

/** Whether the pay button is offered: before paying, after a failure or cancel, and when the result is stuck. */
export function canPay(state: PayState): boolean {
  return state.phase === 'unpaid' || state.phase === 'failed' || (state.phase === 'paying' && state.confirming)
}
