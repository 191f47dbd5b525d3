import { STAFF_SIGNED_OUT, staffHolds, staffReducer, type StaffEvent, type StaffState } from './reducer'

const OPERATOR = {
  id: 11,
  account: 'headteacher',
  name: '王老师',
  role: '班主任',
  positionId: 3,
  rights: ['approvals.decide', 'clues.work'],
  enabled: true,
  phone: null,
  totpEnabled: false,
  departmentId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
}

const replay = (events: StaffEvent[], from: StaffState = STAFF_SIGNED_OUT) => events.reduce(staffReducer, from)

describe('the staff session', () => {
  it('is unknown until the server answered, then holds the operator who signed in', () => {
    expect(STAFF_SIGNED_OUT).toEqual({ staff: null, staffKnown: false })
    expect(replay([{ type: 'staffSignedIn', staff: OPERATOR, via: 'password' }])).toEqual({ staff: OPERATOR, staffKnown: true })
  })

  it('knows there is none after signInfo found none, a sign-out or an expiry', () => {
    const signedIn: StaffEvent = { type: 'staffSignedIn', staff: OPERATOR, via: 'openId' }
    for (const end of ['staffAbsent', 'staffSignedOut', 'staffSessionExpired'] as const) {
      expect(replay([signedIn, { type: end }])).toEqual({ staff: null, staffKnown: true })
    }
    expect(replay([{ type: 'staffAbsent' }, signedIn])).toEqual({ staff: OPERATOR, staffKnown: true })
  })

  it("answers what the operator's position grants", () => {
    expect([staffHolds(OPERATOR, 'clues.work'), staffHolds(OPERATOR, 'studentQuestions.answer'), staffHolds(null, 'clues.work')]).toEqual([
      true,
      false,
      false,
    ])
  })
})
