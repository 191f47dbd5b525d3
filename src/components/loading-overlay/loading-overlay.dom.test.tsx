import TestUtils from '@tarojs/test-utils-react'
import { initDesignPx } from '../testing'
import LoadingOverlay from '.'

beforeAll(initDesignPx)

describe('the loading overlay', () => {
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('draws nothing while closed', async () => {
    await t.mount(LoadingOverlay, { props: {} })
    expect(t.queries.querySelector('.app-loading-overlay')).toBeFalsy()
  })

  it('covers the page with a spinner and 加载中 by default', async () => {
    await t.mount(LoadingOverlay, { props: { isOpened: true } })
    const overlay = t.queries.querySelector('.app-loading-overlay')
    expect(overlay?.getAttribute('role')).toBe('status')
    expect(overlay?.querySelector('.at-loading')).toBeTruthy()
    expect(overlay?.textContent).toContain('加载中')
  })

  it('shows the title it is given', async () => {
    await t.mount(LoadingOverlay, { props: { isOpened: true, title: '正在提交' } })
    expect(t.queries.queryByText('正在提交')).toBeTruthy()
  })
})
