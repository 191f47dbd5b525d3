import { useState } from 'react'
import TestUtils from '@tarojs/test-utils-react'
import { CATEGORY_TREE, CATEGORY_VALUES } from '@activity/wire'
import { cancelPicker, choose, confirmPicker, openPicker, pickerColumns, pickerIsOpen, pickerSelection } from '../testing'
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
  const field = () => t.queries.querySelector('.app-picker-field') as Element
  const shown = () => t.queries.querySelector('.app-picker-field__text')?.textContent
  const labels = (nodes: { label: string }[] | undefined) => (nodes ?? []).map((node) => node.label)
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
    await openPicker(field())
    expect(pickerSelection()).toEqual([1, 4])
    expect(pickerColumns()[1]).toEqual(labels(CATEGORY_TREE[1]?.children))
  })

  it('emits "parent-child" for the two columns chosen', async () => {
    const onChange = jest.fn()
    await t.mount(CategoryPicker, { props: { onChange } })
    await openPicker(field())
    await choose([2, 4])
    expect(onChange).not.toHaveBeenCalled()
    await confirmPicker()
    expect(onChange).toHaveBeenCalledWith('学历教育(本科)-会计学(本科)', '学历教育(本科)', '会计学(本科)')
  })

  it('offers the children of the first column in the second, following the first as it scrolls', async () => {
    function Owner() {
      const [value, setValue] = useState<string>()
      return <CategoryPicker value={value} onChange={setValue} />
    }
    await t.mount(Owner)
    await openPicker(field())
    expect(pickerColumns()).toEqual([labels(CATEGORY_TREE), labels(CATEGORY_TREE[0]?.children)])
    await choose([2])
    expect(pickerSelection()).toEqual([2, 0])
    expect(pickerColumns()[1]).toEqual(labels(CATEGORY_TREE[2]?.children))
    await choose([undefined, 7])
    await confirmPicker()
    expect(pickerIsOpen()).toBe(false)
    expect(shown()).toBe('学历教育(本科)-新闻学(本科)')
  })

  it('goes back to the chosen value when the picker is cancelled', async () => {
    await t.mount(CategoryPicker, { props: { value: '职业技能教育-电子商务' } })
    await openPicker(field())
    expect(pickerSelection()).toEqual([0, 3])
    await choose([1])
    expect(pickerSelection()).toEqual([1, 0])
    expect(pickerColumns()[1]).toEqual(labels(CATEGORY_TREE[1]?.children))
    await cancelPicker()
    expect(pickerIsOpen()).toBe(false)
    expect(shown()).toBe('职业技能教育-电子商务')
    await openPicker(field())
    expect(pickerSelection()).toEqual([0, 3])
    expect(pickerColumns()[1]).toEqual(labels(CATEGORY_TREE[0]?.children))
  })
})
