import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { MY_ADDRESS, TEXTBOOKS, TEXTBOOK_EXPRESS, TEXTBOOK_RECEIVED, TRACKS, parcelOf, textbookRecordOf } from '../../testing/textbooks'
import StudentTextbooksPage from './textbooks'

jest.mock('@tarojs/taro', () => jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh']))

describe('我的教材', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/textbooks')
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const card = (i: number) => document.querySelectorAll('.textbook-card')[i] as Element

  it('shows each mailing with its term and books; asks for the address before its deadline and opens the form', async () => {
    h.server.on(TEXTBOOKS, { body: envelope({ list: [textbookRecordOf()] }) })
    await t.mount(StudentTextbooksPage)
    await drawn('.textbook-card')
    expect($('.textbook-card__title')?.textContent).toBe('2026年春季教材')
    expect($('.textbook-card__state')?.textContent).toBe('待确认')
    expect($('.textbook-card__term')?.textContent).toBe('2026年春季')
    expect(texts('.textbook-book__title')).toEqual(['大学英语（二） ×1', '经济法概论 ×2'])
    expect(texts('.textbook-book__isbn')).toEqual(['ISBN 9787040396638'])
    expect($('.textbook-address__prompt')?.textContent).toBe('请在3月15日前确认收货地址')
    expect($('.parcel')).toBeNull()
    // No subscribe messages on H5.
    expect($('.textbooks-head__subscribe')).toBeNull()
    t.fireEvent.click($('.textbook-address__confirm') as Element)
    expect(h.navigations).toEqual(['/pages/student/textbookAddress?id=7'])
  })

  it('shows my address with 修改地址 while it may change; after the deadline without one, says whom to ask', async () => {
    h.server.on(TEXTBOOKS, {
      body: envelope({
        list: [
          textbookRecordOf({ id: 8, address: MY_ADDRESS, state: '已确认', confirmedAt: '2026-03-02T02:00:00.000Z' }),
          textbookRecordOf({ id: 6, editable: false }),
        ],
      }),
    })
    await t.mount(StudentTextbooksPage)
    await until(() => document.querySelectorAll('.textbook-card').length === 2, 'both mailings drawn')
    expect(card(0).querySelector('.textbook-card__state')?.textContent).toBe('已确认')
    expect(card(0).querySelector('.textbook-address__who')?.textContent).toBe('林小雨 13900000000')
    expect(card(0).querySelector('.textbook-address__where')?.textContent).toBe('浙江省 杭州市 西湖区 文三路1号')
    t.fireEvent.click(card(0).querySelector('.textbook-address__edit') as Element)
    expect(h.navigations).toEqual(['/pages/student/textbookAddress?id=8'])
    expect(card(1).querySelector('.textbook-address__prompt')?.textContent).toBe('地址确认已截止，如需修改请联系教务处')
    expect(card(1).querySelector('.textbook-address__confirm')).toBeNull()
  })

  it('a shipped mailing shows its parcel and timeline; 确认收货 is sent once and the list asked again reads 已收货', async () => {
    let received: string | null = null
    const shipped = () =>
      textbookRecordOf({
        address: MY_ADDRESS,
        editable: false,
        state: received ? '已收货' : '已签收',
        parcel: parcelOf({ state: '签收', signedAt: '2026-03-03T02:00:00.000Z', receivedAt: received }),
      })
    h.server.on(TEXTBOOKS, () => ({ body: envelope({ list: [shipped()] }) }))
    h.server.on(TEXTBOOK_EXPRESS, { body: envelope({ ...parcelOf(), tracks: TRACKS }) })
    h.server.on(TEXTBOOK_RECEIVED, () => {
      received = '2026-03-03T04:05:00.000Z'
      return { body: envelope(parcelOf({ state: '签收', receivedAt: received })) }
    })
    await t.mount(StudentTextbooksPage)
    await drawn('.parcel')
    expect($('.textbook-address__edit')).toBeNull()
    expect($('.parcel__carrier')?.textContent).toBe('顺丰速运')
    expect($('.parcel__waybill')?.textContent).toBe('SF1234567890')
    expect($('.parcel__latest-text')?.textContent).toBe('快件已到达【杭州转运中心】')
    t.fireEvent.click($('.parcel__toggle') as Element)
    await until(() => document.querySelectorAll('.parcel-track').length === 2, 'the timeline drawn')
    expect(h.server.last(TEXTBOOK_EXPRESS)?.query).toEqual({ id: '7' })
    t.fireEvent.click($('.parcel__confirm') as Element)
    t.fireEvent.click(await drawn('.app-dialog__confirm'))
    await until(() => $('.textbook-card__state')?.textContent === '已收货', 'the list asked again')
    expect(h.server.requests.filter((r) => `${r.method} ${r.path}` === TEXTBOOK_RECEIVED).map((r) => r.form)).toEqual([{ id: '7' }])
    expect($('.parcel__received')?.textContent).toBe('已确认收货 2026-03-03 12:05')
    expect($('.parcel__confirm')).toBeNull()
  })

  it('says so when no textbooks are mailed to me', async () => {
    h.server.on(TEXTBOOKS, { body: envelope({ list: [] }) })
    await t.mount(StudentTextbooksPage)
    expect((await drawn('.app-empty')).textContent).toBe('暂无教材邮寄')
  })

  it('tells a signed-in person without a roll that the page is for students', async () => {
    h.server.on(TEXTBOOKS, NOT_STUDENT_REPLY)
    await t.mount(StudentTextbooksPage)
    await drawn('.not-student')
    expect($('.textbook-card')).toBeNull()
  })
})
