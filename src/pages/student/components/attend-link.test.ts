import { attendCodeOf, parseAttendLink } from './attend-link'

describe('a class check-in code', () => {
  it('reads exactly s and t from the address the room screen shows, whatever the origin', () => {
    expect(parseAttendLink('https://school.example.com/pages/student/attend?s=12&t=048213')).toEqual({ sessionId: 12, code: '048213' })
    expect(parseAttendLink('  http://127.0.0.1:3997/pages/student/attend?t=000001&s=3#top ')).toEqual({ sessionId: 3, code: '000001' })
    expect(parseAttendLink('pages/student/attend?s=3&t=123456')).toEqual({ sessionId: 3, code: '123456' })
    expect(parseAttendLink('/pages/student/attend?s=3&t=123456&from=screen')).toEqual({ sessionId: 3, code: '123456' })
  })

  it('refuses anything else: another page, no s or t, a bad id, a code not of 6 digits, plain text', () => {
    for (const text of [
      'https://school.example.com/pages/night/checkIn?s=3&t=123456',
      'https://school.example.com/pages/student/attendX?s=3&t=123456',
      'https://school.example.com/pages/student/attend?s=3',
      'https://school.example.com/pages/student/attend?t=123456',
      'https://school.example.com/pages/student/attend?s=0&t=123456',
      'https://school.example.com/pages/student/attend?s=1.5&t=123456',
      'https://school.example.com/pages/student/attend?s=1e3&t=123456',
      'https://school.example.com/pages/student/attend?s=3&t=12345',
      'https://school.example.com/pages/student/attend?s=3&t=1234567',
      'https://school.example.com/pages/student/attend?s=3&t=12a456',
      'https://school.example.com/pages/student/attend',
      '会计基础',
      '',
      null,
    ])
      expect(parseAttendLink(text)).toBeNull()
  })

  it('reads a landing page query the same way', () => {
    expect(attendCodeOf({ s: '7', t: '654321' })).toEqual({ sessionId: 7, code: '654321' })
    expect(attendCodeOf({ s: '7' })).toBeNull()
    expect(attendCodeOf({ t: '654321' })).toBeNull()
    expect(attendCodeOf({ s: '-7', t: '654321' })).toBeNull()
  })
})
