import TestUtils from '@tarojs/test-utils-react'
import { initDesignPx } from '../testing'
import LoadingIndicator from '.'

beforeAll(initDesignPx)

describe('the loading indicator', () => {
  let t: TestUtils
  const rings = () => Array.from(t.queries.querySelectorAll('.at-loading__ring')) as HTMLElement[]
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('spins in orange with no text by default', async () => {
    await t.mount(LoadingIndicator, { props: {} })
    expect(t.queries.querySelector('.at-activity-indicator--isopened')).toBeTruthy()
    expect(rings()).toHaveLength(3)
    expect(rings()[0]?.style.borderColor).toMatch(/^(#ff6b00|rgb\(255, 107, 0\)) /)
    expect(t.queries.querySelector('.at-activity-indicator__content')).toBeFalsy()
  })

  it('shows text, colour, size and centring it is given', async () => {
    await t.mount(LoadingIndicator, { props: { content: '加载中', color: '#ffffff', size: 56, mode: 'center' } })
    expect(t.queries.queryByText('加载中')).toBeTruthy()
    expect(rings()[0]?.style.borderColor).toMatch(/^(#ffffff|rgb\(255, 255, 255\)) /)
    expect(rings()[0]?.style.width).not.toBe('')
    expect(t.queries.querySelector('.at-activity-indicator--center')).toBeTruthy()
  })
})
