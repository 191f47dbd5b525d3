import { OrderPayStatus } from '@activity/wire'
import {
  INITIAL_PAY_STATE,
  PAY_NOTES,
  canPay,
  payReducer,
  pollDelay,
  shouldPoll,
  statusLabel,
  type PayEvent,
  type PayState,
} from './pay-flow'

const run = (events: PayEvent[], from: PayState = INITIAL_PAY_STATE) => events.reduce(payReducer, from)
const loadedUnpaid: PayEvent = { type: 'loaded', payStatus: OrderPayStatus.unpaid }
const labels = (events: PayEvent[]) => {
  const out: string[] = []
  events.reduce((s, e) => {
    const next = payReducer(s, e)
    const label = statusLabel(next.phase)
    if (label && out[out.length - 1] !== label) out.push(label)
    return next
  }, INITIAL_PAY_STATE)
  return out
}

describe('the pay state machine', () => {
  it('goes 待支付 → 支付中 → 支付成功 only when the server says so (SPEC order)', () => {
    const events: PayEvent[] = [
      loadedUnpaid,
      { type: 'payPressed' },
      { type: 'platformOk' },
      { type: 'polled', payStatus: OrderPayStatus.paying },
      { type: 'polled', payStatus: OrderPayStatus.paid },
    ]
    expect(labels(events)).toEqual(['待支付', '支付中', '支付成功'])
  })

  it('never marks the order paid from the platform call alone', () => {
    const state = run([loadedUnpaid, { type: 'payPressed' }, { type: 'platformOk' }])
    expect(state.phase).toBe('paying')
    expect(shouldPoll(state)).toBe(true)
  })

  it('does not poll while payFee and the pay sheet are under way', () => {
    const state = run([loadedUnpaid, { type: 'payPressed' }])
    expect(statusLabel(state.phase)).toBe('支付中')
    expect(shouldPoll(state)).toBe(false)
    // A poll answer that slipped in meanwhile changes nothing.
    expect(payReducer(state, { type: 'polled', payStatus: OrderPayStatus.failed })).toBe(state)
  })

  it('shows 支付失败 with the reason when the server says the payment failed, and offers to pay again', () => {
    const state = run([
      loadedUnpaid,
      { type: 'payPressed' },
      { type: 'platformOk' },
      { type: 'polled', payStatus: OrderPayStatus.failed, failReason: '余额不足' },
    ])
    expect(state).toMatchObject({ phase: 'failed', note: '余额不足' })
    expect(canPay(state)).toBe(true)
    expect(run([{ type: 'payPressed' }], state).phase).toBe('paying')
  })

  it('goes back to 待支付 with a retry after a cancelled payment', () => {
    const state = run([loadedUnpaid, { type: 'payPressed' }, { type: 'platformCancelled' }])
    expect(state).toMatchObject({ phase: 'unpaid', note: PAY_NOTES.cancelled })
    expect(shouldPoll(state)).toBe(false)
    expect(canPay(state)).toBe(true)
  })

  it('shows an order the office cancelled as 已取消 with no way to pay it, also when a poll finds it so', () => {
    const loaded = run([{ type: 'loaded', payStatus: OrderPayStatus.cancelled }])
    expect(loaded).toMatchObject({ phase: 'cancelled', note: PAY_NOTES.orderCancelled })
    expect(statusLabel(loaded.phase)).toBe('已取消')
    expect(canPay(loaded)).toBe(false)
    expect(run([{ type: 'payPressed' }], loaded)).toBe(loaded)
    const polled = run([
      loadedUnpaid,
      { type: 'payPressed' },
      { type: 'platformOk' },
      { type: 'polled', payStatus: OrderPayStatus.cancelled },
    ])
    expect(polled.phase).toBe('cancelled')
    expect(shouldPoll(polled)).toBe(false)
  })

  it('goes back to 待支付 when payFee was refused', () => {
    expect(run([loadedUnpaid, { type: 'payPressed' }, { type: 'payNotStarted' }]).phase).toBe('unpaid')
  })

  it('still polls after a platform error, and the server can still say paid', () => {
    const failed = run([loadedUnpaid, { type: 'payPressed' }, { type: 'platformFailed', reason: '支付失败，请重试' }])
    expect(shouldPoll(failed)).toBe(true)
    expect(run([{ type: 'polled', payStatus: OrderPayStatus.paid }], failed).phase).toBe('paid')
    expect(run([{ type: 'pollGaveUp' }], failed)).toMatchObject({ phase: 'failed', note: '支付失败，请重试' })
  })

  it('says the result is being confirmed when polling gives up while the server says 支付中, and can check again', () => {
    const stuck = run([loadedUnpaid, { type: 'payPressed' }, { type: 'platformOk' }, { type: 'pollGaveUp' }])
    expect(stuck).toMatchObject({ phase: 'paying', confirming: true, note: PAY_NOTES.confirming })
    expect(shouldPoll(stuck)).toBe(false)
    expect(canPay(stuck)).toBe(true)
    const again = run([{ type: 'recheck' }], stuck)
    expect(shouldPoll(again)).toBe(true)
    expect(run([{ type: 'polled', payStatus: OrderPayStatus.paid }], again).phase).toBe('paid')
  })

  it('loads an order in the state the server has for it, polling one that is 支付中', () => {
    expect(run([{ type: 'loaded', payStatus: OrderPayStatus.paid }]).phase).toBe('paid')
    expect(run([{ type: 'loaded', payStatus: OrderPayStatus.failed, failReason: null }])).toMatchObject({
      phase: 'failed',
      note: PAY_NOTES.failedDefault,
    })
    const paying = run([{ type: 'loaded', payStatus: OrderPayStatus.paying }])
    expect(paying.phase).toBe('paying')
    expect(shouldPoll(paying)).toBe(true)
  })

  it('ignores the pay button on a paid order and before the order loaded', () => {
    const paid = run([{ type: 'loaded', payStatus: OrderPayStatus.paid }])
    expect(canPay(paid)).toBe(false)
    expect(payReducer(paid, { type: 'payPressed' })).toBe(paid)
    expect(payReducer(INITIAL_PAY_STATE, { type: 'payPressed' })).toBe(INITIAL_PAY_STATE)
  })

  it('a late 支付失败 never undoes 支付成功', () => {
    const paid = run([loadedUnpaid, { type: 'payPressed' }, { type: 'platformOk' }, { type: 'polled', payStatus: OrderPayStatus.paid }])
    expect(payReducer(paid, { type: 'polled', payStatus: OrderPayStatus.failed })).toBe(paid)
  })

  it('polls quickly first, then less often', () => {
    expect([0, 4, 5, 14, 15, 40].map(pollDelay)).toEqual([1000, 1000, 2000, 2000, 3000, 3000])
  })
})
