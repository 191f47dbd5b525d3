import { useState } from 'react'
import TestUtils from '@tarojs/test-utils-react'
import { CATEGORY_TREE, CATEGORY_VALUES } from '@activity/wire'
import { pickerEvent } from '../testing'
import CategoryPicker, { categoryIndexes } from '.'

describe('category values', () => {
  it('finds every "parent-child" value of the tree, and nothing else', () => {
    for (const value of CATEGORY_VALUES) expect(categoryIndexes(CATEGORY_TREE, value)).not.toBeNull()
    expect(categoryIndexes(CATEGORY_TREE, '学历教育(本科)-会计学(本科)')).toEqual([2, 4])
    expect(categoryIndexes(CATEGORY_TREE, '学历教育(大专)-会计学(本科)')).toBeNull()
    expect(categoryIndexes(CATEGORY_TREE, '会计学')).toBeNull()
    expect(categoryIndexes(CATEGORY_TREE, '')).toBeNull()
  })
})

describe('the two-level category picker', () => {
  let t: TestUtils
  const picker = () => t.queries.querySelector('taro-picker-core') as Element
  /** The columns the platform picker is set to (a property: arrays are not reflected as attributes). */
  const columns = () => Array.from((picker() as unknown as { value: number[] }).value)
  const shown = () => t.queries.querySelector('.app-picker-field__text')?.textContent
  /** The second column as the platform picker offers it now. */
  const secondColumn = async () => {
    // The platform picker (a web component) redraws on the next frame.
    await new Promise((r) => requestAnimationFrame(r))
    t.fireEvent.click(t.queries.querySelector('.app-picker-field')!)
    const groups = document.querySelectorAll('.weui-picker__group')
    return Array.from(groups[groups.length - 1]?.querySelectorAll('.weui-picker__item') ?? []).map((el) => el.textContent)
  }
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('reads 请选择 with no value and shows the "parent-child" text of a value', async () => {
    await t.mount(CategoryPicker, { props: {} })
    expect(shown()).toBe('请选择')
    t.unmout()
    await t.mount(CategoryPicker, { props: { value: '学历教育(大专)-市场营销(大专)' } })
    expect(shown()).toBe('学历教育(大专)-市场营销(大专)')
    expect(columns()).toEqual([1, 4])
  })

  it('emits "parent-child" for the two columns chosen', async () => {
    const onChange = jest.fn()
    await t.mount(CategoryPicker, { props: { onChange } })
    pickerEvent(picker(), 'change', { value: [2, 4] })
    expect(onChange).toHaveBeenCalledWith('学历教育(本科)-会计学(本科)', '学历教育(本科)', '会计学(本科)')
  })

  it('offers the children of the first column in the second, following the first as it scrolls', async () => {
    function Owner() {
      const [value, setValue] = useState<string>()
      return <CategoryPicker value={value} onChange={setValue} />
    }
    await t.mount(Owner)
    expect(await secondColumn()).toEqual(CATEGORY_TREE[0]?.children.map((c) => c.label))
    t.act(() => pickerEvent(picker(), 'columnchange', { column: 0, value: 2 }))
    expect(columns()).toEqual([2, 0])
    expect(await secondColumn()).toEqual(CATEGORY_TREE[2]?.children.map((c) => c.label))
    t.act(() => pickerEvent(picker(), 'columnchange', { column: 1, value: 7 }))
    t.act(() => pickerEvent(picker(), 'change', { value: [2, 7] }))
    expect(shown()).toBe('学历教育(本科)-新闻学(本科)')
  })

  it('goes back to the chosen value when the picker is cancelled', async () => {
    await t.mount(CategoryPicker, { props: { value: '职业技能教育-电子商务' } })
    t.act(() => pickerEvent(picker(), 'columnchange', { column: 0, value: 1 }))
    expect(columns()).toEqual([1, 0])
    t.act(() => pickerEvent(picker(), 'cancel'))
    expect(columns()).toEqual([0, 3])
  })
})
