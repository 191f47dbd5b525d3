import {
  MAKE_UP_MESSAGES,
  checkInOpenToday,
  checkMakeUpReason,
  dayShown,
  makeUpText,
  mondayOf,
  punchedText,
  sessionBadge,
  shiftDate,
  swipeOf,
  weekDays,
  weekText,
  whereText,
} from './timetable'

describe('我的课表: a week', () => {
  it('runs Monday to Sunday, across a month and a year end', () => {
    expect(mondayOf('2026-12-03')).toBe('2026-11-30')
    expect(mondayOf('2026-11-30')).toBe('2026-11-30')
    expect(mondayOf('2027-01-03')).toBe('2026-12-28')
    expect(shiftDate('2026-12-28', 7)).toBe('2027-01-04')
    expect(shiftDate('2026-03-02', -7)).toBe('2026-02-23')
    const days = weekDays('2026-11-30', '2026-12-02', [{ date: '2026-12-02' }, { date: '2026-12-02' }, { date: '2026-12-05' }])
    expect(days.map((d) => `${d.weekday} ${d.label}`)).toEqual([
      '周一 11/30',
      '周二 12/1',
      '周三 12/2',
      '周四 12/3',
      '周五 12/4',
      '周六 12/5',
      '周日 12/6',
    ])
    expect(days.filter((d) => d.today).map((d) => d.date)).toEqual(['2026-12-02'])
    expect(days.map((d) => d.count)).toEqual([0, 0, 2, 0, 0, 1, 0])
  })

  it('opens on the day chosen in it, else today, else the first day with a session, else Monday', () => {
    const sessions = [{ date: '2026-12-10' }, { date: '2026-12-09' }]
    expect(dayShown('2026-11-30', '2026-12-02', [], null)).toBe('2026-12-02')
    expect(dayShown('2026-11-30', '2026-12-02', [], '2026-12-04')).toBe('2026-12-04')
    expect(dayShown('2026-12-07', '2026-12-02', sessions, '2026-12-04')).toBe('2026-12-09')
    expect(dayShown('2026-12-14', '2026-12-02', [], '2026-12-04')).toBe('2026-12-14')
  })

  it('is 本周 when it holds today, else its first and last day', () => {
    expect(weekText('2026-11-30', '2026-12-06')).toBe('本周')
    expect(weekText('2026-12-07', '2026-12-02')).toBe('12月7日 - 12月13日')
    expect(weekText('2026-12-28', '2026-12-02')).toBe('12月28日 - 2027年1月3日')
  })
})

describe('我的课表: a session', () => {
  it('shows my attendance in its colour, a cancellation in grey, else whether it has begun', () => {
    expect(sessionBadge({ phase: '已结束', status: '出勤' })).toEqual({ label: '出勤', tone: 'green' })
    expect(sessionBadge({ phase: '上课中', status: '迟到' })).toEqual({ label: '迟到', tone: 'orange' })
    expect(sessionBadge({ phase: '未开始', status: '请假' })).toEqual({ label: '请假', tone: 'blue' })
    expect(sessionBadge({ phase: '已结束', status: '缺勤' })).toEqual({ label: '缺勤', tone: 'red' })
    expect(sessionBadge({ phase: '已取消', status: null })).toEqual({ label: '已取消', tone: 'grey' })
    expect(sessionBadge({ phase: '未开始', status: null })).toEqual({ label: '未开始', tone: 'grey' })
    expect(sessionBadge({ phase: '签到中', status: null })).toEqual({ label: '未签到', tone: 'grey' })
  })

  it('says where it is held and where its 补卡 stands', () => {
    expect(whereText({ place: '教学楼 301', onlineUrl: '' })).toBe('教学楼 301')
    expect(whereText({ place: '', onlineUrl: 'https://meeting.example.com/123' })).toBe('线上：https://meeting.example.com/123')
    expect(whereText({ place: '', onlineUrl: '' })).toBe('地点待定')
    expect(['审批中', '已通过', '已驳回', '已撤回'].map((s) => makeUpText(s as '审批中'))).toEqual([
      '补卡审批中',
      '补卡已通过',
      '补卡被驳回',
      '补卡已撤回',
    ])
  })

  it("offers 扫码签到 only while one of today's sessions is open for check-in", () => {
    expect(checkInOpenToday([{ date: '2026-12-02', checkInOpen: true }], '2026-12-02')).toBe(true)
    expect(checkInOpenToday([{ date: '2026-12-03', checkInOpen: true }], '2026-12-02')).toBe(false)
    expect(checkInOpenToday([{ date: '2026-12-02', checkInOpen: false }], '2026-12-02')).toBe(false)
  })

  it("says what a scan's answer means", () => {
    expect(punchedText({ again: false, status: '出勤' })).toBe('签到成功：出勤')
    expect(punchedText({ again: false, status: '迟到' })).toBe('签到成功：迟到')
    expect(punchedText({ again: true, status: '出勤' })).toBe('你已签到过了')
  })
})

describe('我的课表: gestures and 补卡', () => {
  it('takes a sideways swipe as the next or previous week, a scroll or a tap as none', () => {
    expect(swipeOf({ x: 300, y: 200 }, { x: 100, y: 220 })).toBe('next')
    expect(swipeOf({ x: 100, y: 200 }, { x: 300, y: 180 })).toBe('previous')
    expect(swipeOf({ x: 100, y: 200 }, { x: 130, y: 200 })).toBeNull()
    expect(swipeOf({ x: 100, y: 100 }, { x: 200, y: 400 })).toBeNull()
  })

  it('asks for a reason of at most 200 characters', () => {
    expect(checkMakeUpReason('  ')).toBe(MAKE_UP_MESSAGES.reasonRequired)
    expect(checkMakeUpReason('手机没电，忘记扫码')).toBe('')
    expect(checkMakeUpReason('忘'.repeat(200))).toBe('')
    expect(checkMakeUpReason('忘'.repeat(201))).toBe(MAKE_UP_MESSAGES.reasonLength)
  })
})
