import { checkInCodeOf, parseCheckInLink } from './check-in-link'
import { nightTag } from './night-logic'

describe('a night class check-in code', () => {
  it('reads exactly c and t from the address the console prints, whatever the origin', () => {
    expect(parseCheckInLink('https://school.example.com/pages/night/checkIn?c=12&t=Ab_9-xYz0123456789abcdEF')).toEqual({
      classId: 12,
      token: 'Ab_9-xYz0123456789abcdEF',
    })
    expect(parseCheckInLink('http://127.0.0.1:4471/pages/night/checkIn?t=tok&c=3#x')).toEqual({ classId: 3, token: 'tok' })
    expect(parseCheckInLink('pages/night/checkIn?c=3&t=tok')).toEqual({ classId: 3, token: 'tok' })
    expect(parseCheckInLink('/pages/night/checkIn?c=3&t=tok')).toEqual({ classId: 3, token: 'tok' })
  })

  it('refuses anything else: another page, no c or t, a bad id or token, plain text', () => {
    for (const text of [
      'https://school.example.com/pages/night/detail?c=3&t=tok',
      'https://school.example.com/pages/night/checkIn?c=3',
      'https://school.example.com/pages/night/checkIn?t=tok',
      'https://school.example.com/pages/night/checkIn?c=0&t=tok',
      'https://school.example.com/pages/night/checkIn?c=1.5&t=tok',
      'https://school.example.com/pages/night/checkIn?c=3&t=<script>',
      'https://school.example.com/pages/night/checkInX?c=3&t=tok',
      '会计基础',
      '',
      null,
    ])
      expect(parseCheckInLink(text)).toBeNull()
    expect(checkInCodeOf({ c: '7', t: 'abc' })).toEqual({ classId: 7, token: 'abc' })
    expect(checkInCodeOf({ c: '7' })).toBeNull()
  })
})

describe('a night class card tag', () => {
  const base = { signedUp: false, attended: false, phase: '未开始' as const, seatsLeft: 3 }
  it('says mine first, then whether a seat is left', () => {
    expect(nightTag({ ...base, attended: true, signedUp: true, phase: '已结束' })).toEqual({ label: '已签到', tone: 'ok' })
    expect(nightTag({ ...base, signedUp: true })).toEqual({ label: '已报名', tone: 'brand' })
    expect(nightTag({ ...base, signedUp: true, phase: '已结束' })).toEqual({ label: '未签到', tone: 'warn' })
    expect(nightTag(base)).toEqual({ label: '余3席', tone: 'brand' })
    expect(nightTag({ ...base, seatsLeft: 0 })).toEqual({ label: '已满', tone: 'muted' })
    expect(nightTag({ ...base, phase: '进行中' })).toEqual({ label: '进行中', tone: 'muted' })
  })
})
