// The WeChat mini-program host (local storage) must exist before the store loads.
import { weappHost } from '../request/testing/weapp-host'
import { dispatchSession } from '../session/events'
import { DEFAULT_LOGO, STORE_STORAGE_KEY, STORE_VERSION, avatarOf, storageKey, useStore } from '.'

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

  it("persists the user, flags, header info, course, router and each person's home part, and never toast, loading or the clock", () => {
    dispatchSession({ type: 'signedIn', user: USER, via: 'miniProgram' })
    const s = useStore.getState()
    s.setHeaderInfo({ school: '浙江大学', major: '会计', discipline: '学历教育(本科)-会计学(本科)' })
    s.setCourse({ id: 7, name: '会计基础' })
    s.setRouter({ page: 'pages/partner/deal', path: '/pages/partner/deal?type=本月', query: { type: '本月' } })
    s.showToast('已保存')
    s.showLoading()
    s.setServerTime(1_767_225_600_000)
    const saved = persisted()
    expect(saved.version).toBe(STORE_VERSION)
    expect(Object.keys(saved.state).sort()).toEqual(['course', 'headerInfo', 'homeFaces', 'loginOther', 'router', 'user'])
    expect(saved.state.user).toEqual(USER)
    expect(saved.state.loginOther).toEqual({ mini: true, h5Weixin: false })
  })

  it("persists the signed-in person and each person's home part, which outlives a sign-out", () => {
    dispatchSession({ type: 'signedIn', user: USER, via: 'smsCode' })
    const person = { accountId: 77, profiles: ['partner', 'student'] as Array<'partner' | 'student'>, partner: null, student: null }
    dispatchSession({ type: 'personLoaded', person, user: USER })
    useStore.getState().setHomeFace(77, 'student')
    expect(persisted().state.person).toEqual(person)
    expect(persisted().state.homeFaces).toEqual({ '77': 'student' })
    dispatchSession({ type: 'signedOut' })
    expect(persisted().state.person).toBeUndefined()
    expect(persisted().state.homeFaces).toEqual({ '77': 'student' })
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
    s.setCourse({ id: 8, name: '经济法' })
    expect(write.mock.calls.filter(([key]) => key === STORE_STORAGE_KEY)).toHaveLength(1)
    expect(persisted().state.course).toEqual({ id: 8, name: '经济法' })
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
