import TestUtils from '@tarojs/test-utils-react'
import HeightSpacer from '../height-spacer'
import { initDesignPx } from '../testing'
import Spacer from '.'

beforeAll(initDesignPx)

describe('the spacer and the height spacer', () => {
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('draws a 20 px gap in the page colour by default, and any size and colour given', async () => {
    await t.mount(() => (
      <>
        <Spacer />
        <Spacer size={40} color='#ffffff' />
      </>
    ))
    const [plain, sized] = Array.from(t.queries.querySelectorAll('.app-spacer')) as HTMLElement[]
    // Design px become rem on the web, as the stylesheet's do (20 px = 0.5rem with a 40 px root).
    expect(plain?.style.height).toBe('0.5rem')
    expect(plain?.style.backgroundColor).toBe('rgb(248, 248, 250)')
    expect(sized?.style.height).toBe('1rem')
    expect(sized?.style.backgroundColor).toBe('rgb(255, 255, 255)')
  })

  it('keeps 120 px free by default, more when asked, plus the safe area when asked', async () => {
    await t.mount(() => (
      <>
        <HeightSpacer />
        <HeightSpacer height={200} insetBottom />
      </>
    ))
    const [plain, tall] = Array.from(t.queries.querySelectorAll('.app-height-spacer')) as HTMLElement[]
    expect((plain?.firstElementChild as HTMLElement).style.height).toBe('3rem')
    expect(plain?.className).not.toContain('app-height-spacer--inset')
    expect((tall?.firstElementChild as HTMLElement).style.height).toBe('5rem')
    expect(tall?.className).toContain('app-height-spacer--inset')
  })
})
