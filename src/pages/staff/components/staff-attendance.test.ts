import {
  countsText,
  markUnmarked,
  nextAskIn,
  otherWeek,
  rowNote,
  sessionDays,
  statusBadge,
  weekTitle,
  windowText,
} from './staff-attendance'
import { countsOf, rosterOf, rowOf, screenOf, sessionOf, weekOf } from './staff-attendance-testing'

const at = (iso: string) => Date.parse(iso)

describe("课表点名's rules", () => {
  it("puts today's sessions first, then the days to come, then the days gone by; another week in date order", () => {
    expect(sessionDays(weekOf()).map((d) => d.label)).toEqual(['今天 · 周三 3月4日', '周五 3月6日', '周一 3月2日'])
    const next = weekOf({
      weekStart: '2026-03-09',
      weekEnd: '2026-03-15',
      sessions: [
        sessionOf({ id: 2, date: '2026-03-13' }),
        sessionOf({ id: 1, date: '2026-03-09' }),
        sessionOf({ id: 3, date: '2026-03-09' }),
      ],
    })
    expect(sessionDays(next).map((d) => [d.date, d.sessions.map((s) => s.id)])).toEqual([
      ['2026-03-09', [1, 3]],
      ['2026-03-13', [2]],
    ])
    expect(weekTitle(next)).toBe('3月9日 – 3月15日')
    expect(weekTitle(weekOf())).toBe('本周 · 3月2日 – 3月8日')
    expect([otherWeek('2026-03-02', -1), otherWeek('2026-12-28', 1)]).toEqual(['2026-02-23', '2027-01-04'])
  })

  it('says the counts and the check-in window on the Beijing clock', () => {
    expect(countsText(countsOf({ present: 12, late: 1, leave: 2, total: 15 }))).toBe('出勤 12 · 迟到 1 · 请假 2 · 缺勤 0 / 共 15')
    expect(windowText(screenOf())).toBe('签到开放 08:15–10:00，08:45 后为迟到')
  })

  it("asks the screen again just after the code changes, when check-in opens, and never once it is over, by the server's clock", () => {
    const skew = 180_000
    const offset = -skew
    const open = screenOf()
    expect(nextAskIn(open, offset, at('2026-03-04T00:40:00.000Z') + skew)).toBe(10_300)
    expect(nextAskIn(open, offset, at('2026-03-04T00:40:10.300Z') + skew)).toBe(0)
    const before = screenOf({ checkInOpen: false, serverTime: '2026-03-04T00:10:00.000Z' })
    expect(nextAskIn(before, 0, at('2026-03-04T00:10:00.000Z'))).toBe(5 * 60_000 + 300)
    const over = screenOf({ checkInOpen: false, serverTime: '2026-03-04T02:00:01.000Z' })
    expect(nextAskIn(over, 0, at('2026-03-04T02:00:01.000Z'))).toBeNull()
  })

  it('全部出勤 sends everyone when no one is marked, else the unmarked by id (a late scan or a leave stays)', () => {
    const none = rosterOf({ rows: [rowOf(), rowOf({ studentId: 24 })] })
    expect(markUnmarked(none, '出勤')).toEqual({ sessionId: 12, all: true, status: '出勤' })
    const some = rosterOf({ rows: [...rosterOf().rows, rowOf({ studentId: 24 })] })
    expect(markUnmarked(some, '出勤')).toEqual({ sessionId: 12, studentIds: [21, 24], status: '出勤' })
  })

  it("says a row's status and how it came", () => {
    expect([statusBadge(null), statusBadge('缺勤')]).toEqual([
      { label: '未签到', tone: 'grey' },
      { label: '缺勤', tone: 'red' },
    ])
    expect(rowNote(rowOf({ way: '扫码签到', checkedInAt: '2026-03-04T00:38:00.000Z' }))).toBe('扫码 08:38')
    expect(rowNote(rowOf({ way: '老师标记', markedByName: '王老师' }))).toBe('王老师标记')
    expect(rowNote(rowOf({ way: '补卡' }))).toBe('补卡')
    expect(rowNote(rowOf())).toBe('')
  })
})
