import { MIN_WITHDRAWAL_FEN, checkAmount, newIdempotencyKey, typedAmount, yuanText } from './withdrawal-form'

describe('the withdrawal amount', () => {
  it('is read as yuan with up to two decimals and sent in fen', () => {
    expect(checkAmount('12', 50000)).toEqual({ ok: true, fen: 1200 })
    expect(checkAmount('12.5', 50000)).toEqual({ ok: true, fen: 1250 })
    expect(checkAmount('1234.05', 200000)).toEqual({ ok: true, fen: 123405 })
  })

  it('must be there and be an amount', () => {
    expect(checkAmount('', 50000)).toEqual({ ok: false, message: '请输入提现金额' })
    expect(checkAmount('12.345', 50000)).toEqual({ ok: false, message: '请输入正确的金额，最多两位小数' })
    expect(checkAmount('abc', 50000)).toEqual({ ok: false, message: '请输入正确的金额，最多两位小数' })
  })

  it('is at least ¥10.00', () => {
    expect(MIN_WITHDRAWAL_FEN).toBe(1000)
    expect(checkAmount('9.99', 50000)).toEqual({ ok: false, message: '提现金额不能低于¥10.00' })
    expect(checkAmount('10', 50000)).toEqual({ ok: true, fen: 1000 })
  })

  it('is at most the withdrawable balance', () => {
    expect(checkAmount('500.01', 50000)).toEqual({ ok: false, message: '提现金额超过可提现余额' })
    expect(checkAmount('500', 50000)).toEqual({ ok: true, fen: 50000 })
  })

  it('keeps only digits, one point and two decimals while typing', () => {
    expect(typedAmount('12.345')).toBe('12.34')
    expect(typedAmount('1a2.3.4')).toBe('12.34')
    expect(typedAmount('¥88')).toBe('88')
    expect(typedAmount('.5')).toBe('.5')
  })

  it('fills the whole withdrawable balance with 全部', () => {
    expect(yuanText(123450)).toBe('1234.50')
    expect(yuanText(5)).toBe('0.05')
    expect(checkAmount(yuanText(123450), 123450)).toEqual({ ok: true, fen: 123450 })
  })
})

describe('the idempotency key of a withdrawal attempt', () => {
  it('is what the back-office accepts', () => {
    for (let i = 0; i < 50; i++) expect(newIdempotencyKey()).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
  })

  it('differs between attempts', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey())
  })
})
