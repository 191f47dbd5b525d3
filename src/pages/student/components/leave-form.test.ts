import {
  addDays,
  backChoices,
  checkLeave,
  endChoices,
  formLengthText,
  leavePayload,
  newLeaveForm,
  startChoices,
  usedText,
  withStart,
  type LeaveForm,
} from './leave-form'
import { backText, dayText, leaveSpanText } from './leave-text'

const TODAY = '2026-03-05' // a Thursday
const form = (over: Partial<LeaveForm>): LeaveForm => ({ ...newLeaveForm(TODAY), type: '事假', reason: '家中有事', ...over })

describe('a leave as a student reads it', () => {
  it('says a date with its weekday, this year without the year', () => {
    expect(dayText('2026-03-05', TODAY)).toBe('3月5日 周四')
    expect(dayText('2025-12-31', TODAY)).toBe('2025年12月31日 周三')
  })

  it('says when a leave runs: one half-day, one day, or from one half-day to another', () => {
    const span = (startDate: string, startHalf: '上午' | '下午', endDate: string, endHalf: '上午' | '下午') =>
      leaveSpanText({ startDate, startHalf, endDate, endHalf }, TODAY)
    expect(span('2026-03-05', '下午', '2026-03-05', '下午')).toBe('3月5日 下午')
    expect(span('2026-03-05', '上午', '2026-03-05', '下午')).toBe('3月5日 上午至下午')
    expect(span('2026-03-05', '下午', '2026-03-06', '上午')).toBe('3月5日 下午 至 3月6日 上午')
  })

  it('says a 销假 with the half-days taken', () => {
    expect(backText({ backDate: '2026-03-06', backHalf: '上午', usedHalfDays: 2 }, TODAY)).toBe('3月6日 上午返回，实际请假1天')
    expect(backText({ backDate: null, backHalf: null, usedHalfDays: null }, TODAY)).toBe('')
  })
})

describe('a leave checked before it is sent', () => {
  it('asks for the type and the reason, and counts today 上午 to 下午 as 1天', () => {
    const empty = newLeaveForm(TODAY)
    expect(checkLeave(empty)).toEqual({ type: '请选择请假类型', reason: '请填写请假事由' })
    expect(formLengthText(empty)).toBe('1天')
  })

  it('counts half-days, both ends included, and refuses an end before the start', () => {
    expect(formLengthText(form({ startHalf: '下午', endDate: '2026-03-06', endHalf: '下午' }))).toBe('1.5天')
    expect(formLengthText(form({ startHalf: '下午', endHalf: '下午' }))).toBe('0.5天')
    const backwards = form({ startHalf: '下午', endHalf: '上午' })
    expect(formLengthText(backwards)).toBe('')
    expect(checkLeave(backwards)).toEqual({ end: '结束时间不能早于开始时间' })
  })

  it('takes a reason of at most 200 characters, trimmed', () => {
    expect(checkLeave(form({ reason: '   ' }))).toEqual({ reason: '请填写请假事由' })
    expect(checkLeave(form({ reason: '病'.repeat(201) }))).toEqual({ reason: '请假事由不能超过200个字符' })
    expect(checkLeave(form({ reason: ` ${'病'.repeat(200)} ` }))).toEqual({})
  })

  it('sends the trimmed reason and the pictures by their keys', () => {
    const sent = leavePayload({
      ...form({ reason: ' 发烧 ', pictures: [{ key: 'leave/2026/03/s1-a.png', src: 'blob:1' }] }),
      type: '病假',
    })
    expect(sent).toEqual({
      type: '病假',
      startDate: TODAY,
      startHalf: '上午',
      endDate: TODAY,
      endHalf: '下午',
      reason: '发烧',
      pictures: ['leave/2026/03/s1-a.png'],
    })
  })

  it('moves the end with the start when it no longer fits', () => {
    expect(withStart(form({ endDate: '2026-03-06' }), '2026-03-09')).toMatchObject({ startDate: '2026-03-09', endDate: '2026-03-09' })
    expect(withStart(form({ endDate: '2026-03-20' }), '2026-03-09')).toMatchObject({ endDate: '2026-03-20' })
    expect(withStart(form({ endDate: '2026-05-30' }), '2026-03-09')).toMatchObject({ endDate: '2026-03-09' })
    // Same day, the start 下午: the end moves to 下午 too.
    expect(withStart(form({ startHalf: '下午', endHalf: '上午' }), TODAY)).toMatchObject({ endHalf: '下午' })
  })

  it('offers start dates from 7 days back, today marked, and end dates within 60 days of the start', () => {
    const starts = startChoices(TODAY, TODAY)
    expect(starts[0]?.value).toBe('2026-02-26')
    expect(starts.find((d) => d.value === TODAY)?.label).toBe('3月5日 今天')
    expect(starts.at(-1)?.value).toBe(addDays(TODAY, 180))
    // A returned leave's start, older than that, is still shown.
    expect(startChoices(TODAY, '2026-02-01')[0]?.value).toBe('2026-02-01')
    const ends = endChoices('2026-03-09', TODAY)
    expect([ends[0]?.value, ends.length, ends.at(-1)?.value]).toEqual(['2026-03-09', 60, '2026-05-07'])
  })
})

describe('销假', () => {
  const leave = { startDate: '2026-03-02', startHalf: '上午', endDate: '2026-03-03', endHalf: '下午' } as const

  it('offers the half-days after the first one up to the one right after the end', () => {
    expect(backChoices(leave, TODAY).map((c) => c.label)).toEqual(['3月2日 下午', '3月3日 上午', '3月3日 下午', '3月4日 上午'])
    expect(usedText(leave, backChoices(leave, TODAY)[1]!.value)).toBe('实际请假1天')
  })

  it('offers nothing after tomorrow morning, and nothing before the leave has begun', () => {
    const running = { ...leave, endDate: '2026-03-10' }
    expect(backChoices(running, TODAY).at(-1)?.label).toBe('3月6日 上午')
    expect(backChoices({ ...leave, startDate: '2026-03-06', endDate: '2026-03-06' }, TODAY)).toEqual([])
  })
})
