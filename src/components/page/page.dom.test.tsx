import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { useStore } from '../../store'
import { initDesignPx } from '../testing'
import Page from '.'

beforeAll(initDesignPx)

describe('the page wrapper', () => {
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => {
    t.unmout()
    jest.restoreAllMocks()
  })

  it('draws the title, the back button and the 测试 badge outside production', async () => {
    await t.mount(() => <Page title='本周期档位'>body</Page>)
    expect(t.queries.queryByText('本周期档位')).toBeTruthy()
    expect(t.queries.queryByText('测试')).toBeTruthy()
    expect(t.queries.queryByText('body')).toBeTruthy()
    expect(t.html()).toContain('page__back')
  })

  it('uses the default background #f8f8fa and no back button when asked', async () => {
    await t.mount(() => <Page title='首页' back={false} />)
    const root = t.html()
    expect(root).toMatch(/background-color:\s*(#f8f8fa|rgb\(248, 248, 250\))/)
    expect(root).not.toContain('page__back')
  })

  it('goes back one page when there is one to go back to', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' } as never)
    const home = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' } as never)
    await t.mount(() => <Page title='提现' />)
    t.fireEvent.click(t.queries.querySelector('.page__back')!)
    expect(back).toHaveBeenCalledTimes(1)
    expect(home).not.toHaveBeenCalled()
  })

  it('goes to the home page when it is the first page (opened from a link)', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}] as never)
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' } as never)
    const home = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' } as never)
    await t.mount(() => <Page title='提现' />)
    t.fireEvent.click(t.queries.querySelector('.page__back')!)
    expect(home).toHaveBeenCalledWith({ url: '/pages/tabBar/home' })
    expect(back).not.toHaveBeenCalled()
  })

  it('leaves room for a tab bar and the safe area when asked, and not otherwise', async () => {
    await t.mount(() => <Page title='a' />)
    expect(t.queries.querySelector('.page--tab-bar')).toBeFalsy()
    expect(t.queries.querySelector('.page--inset-bottom')).toBeFalsy()
    t.unmout()
    await t.mount(() => <Page title='b' tabBarShow insetBottom />)
    expect(t.queries.querySelector('.page.page--tab-bar.page--inset-bottom')).toBeTruthy()
  })

  it('keeps the stylesheet bar height on the web (no status-bar padding)', async () => {
    await t.mount(() => <Page title='网页' barBackground='#07c160' barTextStyle='white' />)
    const bar = t.queries.querySelector('.page__bar') as HTMLElement
    expect(bar.className).toContain('page__bar--white')
    expect(bar.style.paddingTop).toBe('')
    expect(bar.style.backgroundColor).toBe('rgb(7, 193, 96)')
  })

  it('draws the store toast and loading overlay on every page', async () => {
    await t.mount(() => <Page title='登录' />)
    expect(t.queries.querySelector('.app-toast')).toBeFalsy()
    expect(t.queries.querySelector('.app-loading-overlay')).toBeFalsy()
    t.act(() => {
      useStore.getState().showLoading('提交中')
      useStore.getState().showToast('密码错误')
    })
    expect(t.queries.querySelector('.app-loading-overlay')?.textContent).toContain('提交中')
    expect(t.queries.queryByText('密码错误')).toBeTruthy()
    t.act(() => {
      useStore.getState().hideLoading()
      useStore.getState().hideToast()
    })
    expect(t.queries.querySelector('.app-loading-overlay')).toBeFalsy()
    expect(t.queries.queryByText('密码错误')).toBeFalsy()
  })
})
