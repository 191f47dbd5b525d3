import TestUtils from '@tarojs/test-utils-react'
import Page from '.'

describe('the page wrapper', () => {
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('draws the title, the back button and the 测试 badge outside production', async () => {
    await t.mount(() => <Page title='本周期档位'>body</Page>)
    expect(t.queries.queryByText('本周期档位')).toBeTruthy()
    expect(t.queries.queryByText('测试')).toBeTruthy()
    expect(t.html()).toContain('page__back')
  })

  it('uses the default background #f8f8fa and no back button when asked', async () => {
    await t.mount(() => <Page title='首页' back={false} />)
    const root = t.html()
    expect(root).toMatch(/background-color:\s*(#f8f8fa|rgb\(248, 248, 250\))/)
    expect(root).not.toContain('page__back')
  })
})
