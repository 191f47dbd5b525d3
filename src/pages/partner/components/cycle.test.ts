import { cycleText } from './cycle'

describe("this cycle's dates", () => {
  it('read as the calendar month in Shanghai time, the last day included', () => {
    expect(cycleText({ from: '2026-10-31T16:00:00.000Z', to: '2026-11-30T16:00:00.000Z' })).toBe('11月1日 - 11月30日')
  })

  it('end on the last day of February', () => {
    expect(cycleText({ from: '2027-01-31T16:00:00.000Z', to: '2027-02-28T16:00:00.000Z' })).toBe('2月1日 - 2月28日')
  })
})
