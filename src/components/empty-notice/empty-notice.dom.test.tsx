import TestUtils from '@tarojs/test-utils-react'
import EmptyNotice, { emptyNoticeShown } from '.'

describe('the empty-list notice', () => {
  let t: TestUtils
  const notice = () => t.queries.querySelector('.app-empty')
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('shows 亲，没有相关内容哦～ under a list whose total is 0', async () => {
    await t.mount(EmptyNotice, { props: { total: 0 } })
    expect(notice()?.textContent).toBe('亲，没有相关内容哦～')
    expect(t.queries.querySelector('.app-empty__box')).toBeTruthy()
  })

  it('shows nothing under a list that has rows, or whose total is not known yet', async () => {
    await t.mount(EmptyNotice, { props: { total: 3 } })
    expect(notice()).toBeFalsy()
    t.unmout()
    await t.mount(EmptyNotice, { props: {} })
    expect(notice()).toBeFalsy()
  })

  it('always shows for the page type, whatever the total', async () => {
    await t.mount(EmptyNotice, { props: { type: 'page', total: 12 } })
    expect(notice()?.className).toContain('app-empty--page')
    expect(emptyNoticeShown('page', undefined)).toBe(true)
    expect(emptyNoticeShown('list', 0)).toBe(true)
    expect(emptyNoticeShown('list', 1)).toBe(false)
  })

  it('shows the text and picture it is given', async () => {
    await t.mount(EmptyNotice, { props: { total: 0, text: '暂无提现记录', image: '/static/empty.png' } })
    expect(notice()?.textContent).toBe('暂无提现记录')
    expect(t.queries.querySelector('.app-empty__image img')?.getAttribute('src')).toBe('/static/empty.png')
    expect(t.queries.querySelector('.app-empty__box')).toBeFalsy()
  })
})
