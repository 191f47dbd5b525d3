import { SIGNED_OUT, holds, isSignedIn, sessionReducer, type SessionEvent, type SessionState } from './reducer'
import type { Person, UserInfo } from './types'

const ann: UserInfo = { id: 1, phone: '13800000001', nickname: '安', avatar: null, school: '浙江大学', major: '会计', discipline: '' }
const bo: UserInfo = { ...ann, id: 2, phone: '13800000002', nickname: '波' }

const replay = (events: SessionEvent[], from: SessionState = SIGNED_OUT) => events.reduce(sessionReducer, from)

describe('session events, replayed', () => {
  it('a password sign-in stores the user and no other-login flag', () => {
    const s = replay([{ type: 'signedIn', user: ann, via: 'password' }])
    expect(s).toEqual({ user: ann, loginOther: { mini: false, h5Weixin: false } })
    expect(isSignedIn(s)).toBe(true)
  })

  it('the mini-program open-id login sets the mini flag; WeChat OAuth sets the H5 flag', () => {
    expect(replay([{ type: 'signedIn', user: ann, via: 'miniProgram' }]).loginOther).toEqual({ mini: true, h5Weixin: false })
    expect(replay([{ type: 'signedIn', user: ann, via: 'wechatOAuth' }]).loginOther).toEqual({ mini: false, h5Weixin: true })
  })

  it('sign-out clears the user and the other-login flags', () => {
    const signedIn = replay([{ type: 'signedIn', user: ann, via: 'miniProgram' }])
    expect(replay([{ type: 'signedOut' }], signedIn)).toEqual(SIGNED_OUT)
  })

  it('an expired session clears the same state as a sign-out', () => {
    const signedIn = replay([{ type: 'signedIn', user: ann, via: 'wechatOAuth' }])
    const s = replay([{ type: 'sessionExpired' }], signedIn)
    expect(s).toEqual(SIGNED_OUT)
    expect(isSignedIn(s)).toBe(false)
  })

  it("refreshed user info replaces the same user's fields and keeps the flags", () => {
    const fresher = { ...ann, discipline: '学历教育(本科)-会计学(本科)' }
    const s = replay([
      { type: 'signedIn', user: ann, via: 'miniProgram' },
      { type: 'userInfoLoaded', user: fresher },
    ])
    expect(s.user).toEqual(fresher)
    expect(s.loginOther.mini).toBe(true)
  })

  it('user info arriving after sign-out, or for someone else, changes nothing', () => {
    const out = replay([{ type: 'signedIn', user: ann, via: 'password' }, { type: 'signedOut' }, { type: 'userInfoLoaded', user: ann }])
    expect(out).toEqual(SIGNED_OUT)
    const other = replay([
      { type: 'signedIn', user: ann, via: 'password' },
      { type: 'userInfoLoaded', user: bo },
    ])
    expect(other.user).toEqual(ann)
  })

  it("a different person signing in does not inherit the last person's flags", () => {
    const annSignedIn = replay([{ type: 'signedIn', user: ann, via: 'miniProgram' }])
    const s = replay([{ type: 'signedIn', user: bo, via: 'password' }], annSignedIn)
    expect(s).toEqual({ user: bo, loginOther: { mini: false, h5Weixin: false } })
  })

  it('the same person signing in again keeps the flags already set', () => {
    const annSignedIn = replay([{ type: 'signedIn', user: ann, via: 'miniProgram' }])
    const s = replay([{ type: 'signedIn', user: ann, via: 'password' }], annSignedIn)
    expect(s.loginOther).toEqual({ mini: true, h5Weixin: false })
  })
})

describe('the person behind the session (issue 22)', () => {
  const person: Person = {
    accountId: 31,
    profiles: ['partner', 'student'],
    partner: { id: 1, status: '已通过', code: 'P1' },
    student: null,
  }

  it("a person's profiles arrive for the signed-in user, with fresher user fields", () => {
    const fresher = { ...ann, nickname: '安安' }
    const s = replay([
      { type: 'signedIn', user: ann, via: 'smsCode' },
      { type: 'personLoaded', person, user: fresher },
    ])
    expect(s.person).toEqual(person)
    expect(s.user).toEqual(fresher)
  })

  it('a person arriving after sign-out, or for someone else, changes nothing', () => {
    expect(
      replay([{ type: 'signedIn', user: ann, via: 'password' }, { type: 'signedOut' }, { type: 'personLoaded', person, user: ann }]).person,
    ).toBeUndefined()
    expect(
      replay([
        { type: 'signedIn', user: ann, via: 'password' },
        { type: 'personLoaded', person, user: bo },
      ]).person,
    ).toBeUndefined()
  })

  it('sign-out, expiry and another person signing in forget the person; the same person signing in again keeps it', () => {
    const withPerson: SessionEvent[] = [
      { type: 'signedIn', user: ann, via: 'smsCode' },
      { type: 'personLoaded', person, user: ann },
    ]
    expect(replay([...withPerson, { type: 'signedOut' }]).person).toBeUndefined()
    expect(replay([...withPerson, { type: 'sessionExpired' }]).person).toBeUndefined()
    expect(replay([...withPerson, { type: 'signedIn', user: bo, via: 'password' }]).person).toBeUndefined()
    expect(replay([...withPerson, { type: 'signedIn', user: ann, via: 'miniProgram' }]).person).toEqual(person)
  })

  it('tells which profiles the signed-in person holds, and that it is not known yet before the person arrives', () => {
    expect(holds(SIGNED_OUT, 'student')).toBe(false)
    const signedIn = replay([{ type: 'signedIn', user: ann, via: 'smsCode' }])
    expect(holds(signedIn, 'student')).toBeUndefined()
    const studentOnly = replay([{ type: 'personLoaded', person: { ...person, profiles: ['student'] }, user: ann }], signedIn)
    expect(holds(studentOnly, 'student')).toBe(true)
    expect(holds(studentOnly, 'partner')).toBe(false)
  })
})
