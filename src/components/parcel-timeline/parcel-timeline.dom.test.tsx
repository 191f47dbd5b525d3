import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { useStore } from '../../store'
import { initialUi } from '../../store/ui'
import { initDesignPx, until } from '../testing'
import { TRACKS, parcelOf } from '../../testing/textbooks'
import ParcelTimeline, { latestLine, parcelTag, parcelTone } from '.'

const parcel = parcelOf

describe('a parcel line', () => {
  it('tags an exception in red, a signed parcel in green, one on its way in blue, one not collected in grey', () => {
    expect([parcelTone(parcel({ exception: '疑难' })), parcelTag(parcel({ exception: '疑难' }))]).toEqual(['red', '异常：疑难'])
    expect([parcelTone(parcel({ state: '签收' })), parcelTag(parcel({ state: '签收' }))]).toEqual(['green', '签收'])
    expect(parcelTone(parcel({ state: '派件' }))).toBe('blue')
    expect(parcelTone(parcel({ state: '待揽收' }))).toBe('grey')
  })

  it('says the latest track, or that the carrier has not collected it yet', () => {
    expect(latestLine(parcel())).toBe('快件已到达【杭州转运中心】')
    expect(latestLine(parcel({ state: '待揽收', lastContext: null }))).toBe('已发货，等待快递员揽收')
    expect(latestLine(parcel({ state: '在途', lastContext: null }))).toBe('暂无物流信息')
  })
})

describe('the parcel timeline', () => {
  let t: TestUtils
  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const click = (selector: string) => t.fireEvent.click($(selector) as Element)
  // The spinner sizes itself in design px.
  beforeAll(() => initDesignPx())
  beforeEach(() => {
    t = new TestUtils()
    useStore.setState({ ...initialUi })
  })
  afterEach(() => {
    t.unmout()
    jest.restoreAllMocks()
  })

  it('shows the carrier, the waybill to copy, the state and the latest track in Beijing time', async () => {
    const copied: string[] = []
    jest.spyOn(Taro, 'setClipboardData').mockImplementation(((o: { data: string }) => {
      copied.push(o.data)
      return Promise.resolve({ errMsg: 'setClipboardData:ok' })
    }) as never)
    await t.mount(ParcelTimeline, { props: { parcel: parcel(), loadTracks: jest.fn() } })
    expect($('.parcel__carrier')?.textContent).toBe('顺丰速运')
    expect($('.parcel__waybill')?.textContent).toBe('SF1234567890')
    expect($('.parcel__state')?.textContent).toBe('在途')
    expect($('.parcel__latest-text')?.textContent).toBe('快件已到达【杭州转运中心】')
    expect($('.parcel__latest-time')?.textContent).toBe('2026-03-02 14:30')
    click('.parcel__copy')
    await until(() => useStore.getState().toast?.title === '运单号已复制', 'the copy confirmed')
    expect(copied).toEqual(['SF1234567890'])
    // No 确认收货 without the owner's call.
    expect($('.parcel__confirm')).toBeNull()
  })

  it('查看物流 loads the timeline newest first and shows it below; 收起物流 hides it; opened again, it is asked again', async () => {
    const loadTracks = jest.fn(() => Promise.resolve(TRACKS))
    await t.mount(ParcelTimeline, { props: { parcel: parcel(), loadTracks } })
    expect($('.parcel__timeline')).toBeNull()
    expect($('.parcel__toggle')?.getAttribute('aria-expanded')).toBe('false')
    click('.parcel__toggle')
    await until(() => document.querySelectorAll('.parcel-track').length === 2, 'the tracks drawn')
    expect(texts('.parcel-track__context')).toEqual(['快件已到达【杭州转运中心】', '顺丰速运 已收取快件'])
    expect(texts('.parcel-track__time')).toEqual(['2026-03-02 14:30 · 浙江,杭州市', '2026-03-01 16:00'])
    expect($('.parcel-track')?.classList.contains('parcel-track--latest')).toBe(true)
    expect($('.parcel__toggle')?.textContent).toBe('收起物流')
    expect($('.parcel__toggle')?.getAttribute('aria-expanded')).toBe('true')
    click('.parcel__toggle')
    expect($('.parcel__timeline')).toBeNull()
    click('.parcel__toggle')
    await until(() => loadTracks.mock.calls.length === 2, 'the tracks asked again')
  })

  it('offers a retry when the timeline could not load, and says when there is no track yet', async () => {
    let fail = true
    const loadTracks = jest.fn(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve([])))
    await t.mount(ParcelTimeline, { props: { parcel: parcel({ state: '待揽收', lastContext: null, lastTrackAt: null }), loadTracks } })
    expect($('.parcel__latest-text')?.textContent).toBe('已发货，等待快递员揽收')
    expect($('.parcel__latest-time')).toBeNull()
    click('.parcel__toggle')
    await until(() => $('.parcel__retry') !== null, 'the retry line')
    fail = false
    click('.parcel__retry')
    await until(() => $('.parcel__none') !== null, 'the empty timeline')
    expect($('.parcel__none')?.textContent).toBe('暂无物流轨迹')
  })

  it('确认收货 asks first, is sent once however often it is tapped, then reads 已确认收货 with the time', async () => {
    let answer: (at: string) => void = () => undefined
    const onConfirm = jest.fn(() => new Promise<string | null>((resolve) => (answer = resolve)))
    await t.mount(ParcelTimeline, {
      props: { parcel: parcel({ state: '签收', signedAt: '2026-03-03T02:00:00.000Z' }), loadTracks: jest.fn(), onConfirm },
    })
    // 还没收到: nothing sent.
    click('.parcel__confirm')
    click('.app-dialog__cancel')
    expect(onConfirm).not.toHaveBeenCalled()
    click('.parcel__confirm')
    expect($('.app-dialog')?.textContent).toContain('确认已收到包裹吗？确认后不能撤销。')
    click('.app-dialog__confirm')
    expect(onConfirm).toHaveBeenCalledTimes(1)
    // Tapped again while the answer is on its way: no second call.
    click('.parcel__confirm')
    expect($('.parcel__confirm')?.getAttribute('aria-disabled')).toBe('true')
    answer('2026-03-03T04:05:00.000Z')
    await until(() => $('.parcel__received') !== null, '已确认收货')
    expect($('.parcel__received')?.textContent).toBe('已确认收货 2026-03-03 12:05')
    expect($('.parcel__confirm')).toBeNull()
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('a parcel received before shows 已确认收货 and offers no 确认收货', async () => {
    const onConfirm = jest.fn()
    await t.mount(ParcelTimeline, {
      props: { parcel: parcel({ state: '签收', receivedAt: '2026-03-04T01:00:00.000Z' }), loadTracks: jest.fn(), onConfirm },
    })
    expect($('.parcel__received')?.textContent).toBe('已确认收货 2026-03-04 09:00')
    expect($('.parcel__confirm')).toBeNull()
  })

  it('keeps 确认收货 for another try when it was refused', async () => {
    const onConfirm = jest.fn(() => Promise.reject(new Error('refused')))
    await t.mount(ParcelTimeline, { props: { parcel: parcel(), loadTracks: jest.fn(), onConfirm } })
    click('.parcel__confirm')
    click('.app-dialog__confirm')
    await until(() => $('.parcel__confirm') !== null && !$('.parcel__confirm')?.hasAttribute('aria-disabled'), 'the button free again')
    expect($('.parcel__received')).toBeNull()
  })
})
