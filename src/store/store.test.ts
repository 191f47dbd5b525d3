// The WeChat mini-program host (local storage) must exist before the store loads.
import { weappHost } from '../request/testing/weapp-host'
import { dispatchSession } from '../session/events'
import { DEFAULT_LOGO, STORE_STORAGE_KEY, STORE_VERSION, avatarOf, storageKey, useStore } from '.'
import { newerCourse } from './current-course'

const COURSE = {
  courseId: 3,
  title: '高等数学（一）',
  sectionId: 12,
  sectionTitle: '函数与极限',
  position: 95.5,
  updatedAt: '2026-03-02T08:00:00.000Z',
}

const USER = { id: 42, phone: '13800004242', nickname: '小王', avatar: null, school: '', major: '', discipline: '' }

function persisted(): { state: Record<string, unknown>; version: number } {
  return JSON.parse(weappHost.storage.get(STORE_STORAGE_KEY) as string)
}

describe('the app store', () => {
  it('keeps storage keys under the app name, optionally with the user id', () => {
    expect(STORE_STORAGE_KEY).toBe('activity_mobile_userInfo')
    expect(storageKey('cookie')).toBe('activity_mobile_cookie')
    expect(storageKey('draft', 42)).toBe('activity_mobile_42_draft')
  })

  it("persists the user, flags, header info, router and each person's home part and current course, and never toast, loading or the clock", () => {
    dispatchSession({ type: 'signedIn', user: USER, via: 'miniProgram' })
    const s = useStore.getState()
    s.setHeaderInfo({ school: '浙江大学', major: '会计', discipline: '学历教育(本科)-会计学(本科)' })
    s.setCurrentCourse(77, COURSE)
    s.setRouter({ page: 'pages/partner/deal', path: '/pages/partner/deal?type=本月', query: { type: '本月' } })
    s.showToast('已保存')
    s.showLoading()
    s.setServerTime(1_767_225_600_000)
    const saved = persisted()
    expect(saved.version).toBe(STORE_VERSION)
    expect(Object.keys(saved.state).sort()).toEqual(['currentCourses', 'headerInfo', 'homeFaces', 'loginOther', 'router', 'user'])
    expect(saved.state.currentCourses).toEqual({ '77': COURSE })
    expect(saved.state.user).toEqual(USER)
    expect(saved.state.loginOther).toEqual({ mini: true, h5Weixin: false })
  })

  it("persists the signed-in person and each person's home part and current course, which outlive a sign-out", () => {
    dispatchSession({ type: 'signedIn', user: USER, via: 'smsCode' })
    const person = { accountId: 77, profiles: ['partner', 'student'] as Array<'partner' | 'student'>, partner: null, student: null }
    dispatchSession({ type: 'personLoaded', person, user: USER })
    useStore.getState().setHomeFace(77, 'student')
    useStore.getState().setCurrentCourse(77, COURSE)
    expect(persisted().state.person).toEqual(person)
    expect(persisted().state.homeFaces).toEqual({ '77': 'student' })
    dispatchSession({ type: 'signedOut' })
    expect(persisted().state.person).toBeUndefined()
    expect(persisted().state.homeFaces).toEqual({ '77': 'student' })
    expect(persisted().state.currentCourses).toEqual({ '77': COURSE })
  })

  it('writes storage only when what it keeps changes, not on each tick of the server clock', () => {
    dispatchSession({ type: 'signedIn', user: USER, via: 'miniProgram' })
    const wx = (globalThis as unknown as { wx: { setStorageSync: (key: string, value: unknown) => void } }).wx
    const write = jest.spyOn(wx, 'setStorageSync')
    const s = useStore.getState()
    s.setServerTime(1_767_225_600_000)
    for (let i = 1; i <= 5; i++) s.tickServerTime(1_767_225_600_000 + i * 1000)
    s.showToast('已保存')
    expect(write.mock.calls.filter(([key]) => key === STORE_STORAGE_KEY)).toHaveLength(0)
    s.setCurrentCourse(77, { ...COURSE, position: 130 })
    expect(write.mock.calls.filter(([key]) => key === STORE_STORAGE_KEY)).toHaveLength(1)
    expect(persisted().state.currentCourses).toEqual({ '77': { ...COURSE, position: 130 } })
    write.mockRestore()
  })

  it('comes back from storage after a restart', async () => {
    weappHost.storage.set(
      STORE_STORAGE_KEY,
      JSON.stringify({
        version: STORE_VERSION,
        state: { user: { ...USER, nickname: '重启后' }, loginOther: { mini: true, h5Weixin: false } },
      }),
    )
    await useStore.persist.rehydrate()
    expect(useStore.getState().user?.nickname).toBe('重启后')
  })

  it('drops what an older version stored rather than misread it', async () => {
    weappHost.storage.set(STORE_STORAGE_KEY, JSON.stringify({ version: STORE_VERSION - 1, state: { user: { uid: 'old shape' } } }))
    dispatchSession({ type: 'signedOut' })
    await useStore.persist.rehydrate()
    expect(useStore.getState().user).toBeNull()
  })

  it('shows the default logo for a user without an avatar', () => {
    expect(avatarOf(USER)).toBe(DEFAULT_LOGO)
    expect(avatarOf(null)).toBe(DEFAULT_LOGO)
    expect(avatarOf({ avatar: 'https://img.example.com/me.png' })).toBe('https://img.example.com/me.png')
  })
})

describe('the current course shown (继续学习)', () => {
  const { updatedAt, ...rest } = COURSE
  const server = { ...rest, studiedAt: updatedAt }

  it("is the server's when it studied later on another device, or when none is kept here", () => {
    const later = { ...server, sectionId: 13, sectionTitle: '导数', position: 20, studiedAt: '2026-03-02T09:00:00.000Z' }
    expect(newerCourse(COURSE, later)).toEqual({ ...COURSE, sectionId: 13, sectionTitle: '导数', position: 20, updatedAt: later.studiedAt })
    expect(newerCourse(undefined, server)).toEqual(COURSE)
  })

  it("is this device's when it is as new or newer, or when the server has none", () => {
    const earlier = { ...server, position: 10, studiedAt: '2026-03-02T07:00:00.000Z' }
    expect(newerCourse(COURSE, earlier)).toBe(COURSE)
    expect(newerCourse(COURSE, server)).toBe(COURSE)
    expect(newerCourse(COURSE, null)).toBe(COURSE)
    expect(newerCourse(undefined, null)).toBeUndefined()
  })
})
