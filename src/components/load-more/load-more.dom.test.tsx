import TestUtils from '@tarojs/test-utils-react'
import { initDesignPx } from '../testing'
import LoadMore from '.'

beforeAll(initDesignPx)

describe('the load-more footer', () => {
  let t: TestUtils
  const text = () => t.queries.querySelector('.app-load-more')?.textContent
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('invites a pull-up by default', async () => {
    await t.mount(LoadMore, { props: {} })
    expect(text()).toBe('上拉加载更多')
    expect(t.queries.querySelector('.app-load-more--more')).toBeTruthy()
  })

  it('spins with 加载中... while loading', async () => {
    await t.mount(LoadMore, { props: { status: 'loading' } })
    expect(text()).toContain('加载中...')
    expect(t.queries.querySelector('.app-load-more .at-loading')).toBeTruthy()
  })

  it('says 没有更多了 at the end of the list', async () => {
    await t.mount(LoadMore, { props: { status: 'nomore' } })
    expect(text()).toBe('没有更多了')
    expect(t.queries.querySelectorAll('.app-load-more__line')).toHaveLength(2)
  })

  it('uses texts it is given', async () => {
    await t.mount(() => (
      <>
        <LoadMore status='more' moreText='点击加载更多' />
        <LoadMore status='loading' loadingText='正在加载' />
        <LoadMore status='nomore' noMoreText='到底啦' />
      </>
    ))
    const texts = Array.from(t.queries.querySelectorAll('.app-load-more')).map((el) => el.textContent)
    expect(texts).toEqual(['点击加载更多', '正在加载', '到底啦'])
  })

  it('reports a tap only while more can be loaded', async () => {
    const onClick = jest.fn()
    await t.mount(() => (
      <>
        <LoadMore status='more' onClick={onClick} />
        <LoadMore status='loading' onClick={onClick} />
        <LoadMore status='nomore' onClick={onClick} />
      </>
    ))
    for (const el of Array.from(t.queries.querySelectorAll('.app-load-more'))) t.fireEvent.click(el)
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})
