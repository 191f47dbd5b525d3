import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { Text } from '@tarojs/components'
import { dispatchSession } from '../session/events'
import { useStore } from '../store'
import { REMEMBERED_VIEWS, storageKey } from '../store/storage'
import type { Envelope } from '@activity/wire'
import { useRemote } from './remote'

// The page's show events belong to a page host, which a bare component test has not: none come.
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  return { __esModule: true, ...actual, default: actual.default ?? actual, useDidShow: () => undefined }
})

interface Summary {
  withdrawable: number
}

const KEY = storageKey(REMEMBERED_VIEWS.homeSummary, 7)
const ok = (data: Summary): Envelope<Summary> => ({ code: 0, message: 'ok', data }) as Envelope<Summary>

/** A deferred answer the test settles when it wants. */
function deferred() {
  let resolve!: (v: Envelope<Summary>) => void
  let reject!: (e: Error) => void
  const promise = new Promise<Envelope<Summary>>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function Probe({ fetch, remember }: { fetch: () => Promise<Envelope<Summary>>; remember?: string }) {
  const r = useRemote(fetch, true, { remember })
  return (
    <Text className='probe'>
      {r.data ? `amount ${r.data.withdrawable}` : 'none'}
      {r.remembered ? ' remembered' : ''}
      {r.failed ? ' failed' : ''}
    </Text>
  )
}

const flush = () => new Promise((r) => setTimeout(r, 0))

describe('useRemote with remember: the last answer paints at once', () => {
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    Taro.clearStorageSync()
  })
  afterEach(() => {
    // (the sign-out case mounts nothing)
    if (t.queries?.querySelector('.probe')) t.unmout()
  })

  it('shows nothing before the first answer, then keeps it for the next visit', async () => {
    const answer = deferred()
    await t.mount(() => <Probe fetch={() => answer.promise} remember={KEY} />)
    expect(t.queries.querySelector('.probe')?.textContent).toBe('none')
    await t.act(async () => {
      answer.resolve(ok({ withdrawable: 1200 }))
      await flush()
    })
    expect(t.queries.querySelector('.probe')?.textContent).toBe('amount 1200')
    expect(JSON.parse(Taro.getStorageSync(KEY) as string)).toEqual({ withdrawable: 1200 })
  })

  it('on the next visit shows the kept answer before the network answers, then the new one', async () => {
    Taro.setStorageSync(KEY, JSON.stringify({ withdrawable: 1200 }))
    const answer = deferred()
    await t.mount(() => <Probe fetch={() => answer.promise} remember={KEY} />)
    expect(t.queries.querySelector('.probe')?.textContent).toBe('amount 1200 remembered')
    await t.act(async () => {
      answer.resolve(ok({ withdrawable: 3400 }))
      await flush()
    })
    expect(t.queries.querySelector('.probe')?.textContent).toBe('amount 3400')
    expect(JSON.parse(Taro.getStorageSync(KEY) as string)).toEqual({ withdrawable: 3400 })
  })

  it('keeps showing the kept answer, marked as failed, when the call fails', async () => {
    Taro.setStorageSync(KEY, JSON.stringify({ withdrawable: 1200 }))
    const answer = deferred()
    await t.mount(() => <Probe fetch={() => answer.promise} remember={KEY} />)
    await t.act(async () => {
      answer.reject(new Error('offline'))
      await flush()
    })
    expect(t.queries.querySelector('.probe')?.textContent).toBe('amount 1200 remembered failed')
  })

  it('without remember, keeps nothing', async () => {
    await t.mount(() => <Probe fetch={() => Promise.resolve(ok({ withdrawable: 5 }))} />)
    await flush()
    expect(t.queries.querySelector('.probe')?.textContent).toBe('amount 5')
    expect(Taro.getStorageSync(KEY)).toBeFalsy()
  })

  it('an unreadable kept value is ignored', async () => {
    Taro.setStorageSync(KEY, '{not json')
    const answer = deferred()
    await t.mount(() => <Probe fetch={() => answer.promise} remember={KEY} />)
    expect(t.queries.querySelector('.probe')?.textContent).toBe('none')
  })

  it('signing out forgets what was kept for that person, and only for them', async () => {
    const other = storageKey(REMEMBERED_VIEWS.homeSummary, 8)
    Taro.setStorageSync(KEY, JSON.stringify({ withdrawable: 1200 }))
    Taro.setStorageSync(other, JSON.stringify({ withdrawable: 99 }))
    useStore.setState({ user: { id: 7 } as never })
    dispatchSession({ type: 'signedOut' })
    expect(Taro.getStorageSync(KEY)).toBeFalsy()
    expect(Taro.getStorageSync(other)).toBeTruthy()
  })
})
