import { useState } from 'react'
import TestUtils from '@tarojs/test-utils-react'
import { choose, confirmPicker, openPicker, pickerColumns, pickerIsOpen, pickerSelection } from '../testing'
import SelectPicker from '.'

const SCHOOLS = [
  { id: 3, name: '浙江大学' },
  { id: 7, name: '杭州师范大学' },
  { id: 9, name: '宁波大学' },
]

describe('the select picker', () => {
  let t: TestUtils
  const field = () => t.queries.querySelector('.app-picker-field') as Element
  const shown = () => t.queries.querySelector('.app-picker-field__text')?.textContent
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('reads 请选择 in grey while nothing is chosen', async () => {
    await t.mount(SelectPicker, { props: { range: ['2015', '2016'] } })
    expect(shown()).toBe('请选择')
    expect(t.queries.querySelector('.app-picker-field__text--placeholder')).toBeTruthy()
  })

  it('shows a placeholder it is given', async () => {
    await t.mount(SelectPicker, { props: { range: ['a'], placeholder: '请选择入学年份' } })
    expect(shown()).toBe('请选择入学年份')
  })

  it('shows the current value by finding it in the list', async () => {
    await t.mount(SelectPicker, { props: { range: ['1期', '2期', '3期'], value: '2期' } })
    expect(shown()).toBe('2期')
    await openPicker(field())
    expect(pickerSelection()).toEqual([1])
  })

  it('matches objects by valueKey and shows their rangeKey, even when the value came as text', async () => {
    await t.mount(SelectPicker, { props: { range: SCHOOLS, rangeKey: 'name', valueKey: 'id', value: '7' } })
    expect(shown()).toBe('杭州师范大学')
  })

  it('shows the placeholder for a value that is not in the list', async () => {
    await t.mount(SelectPicker, { props: { range: SCHOOLS, rangeKey: 'name', valueKey: 'id', value: 42 } })
    expect(shown()).toBe('请选择')
  })

  it('emits the chosen item itself without a valueKey', async () => {
    const onChange = jest.fn()
    await t.mount(SelectPicker, { props: { range: SCHOOLS, rangeKey: 'name', onChange } })
    await openPicker(field())
    await choose([2])
    expect(onChange).not.toHaveBeenCalled()
    await confirmPicker()
    expect(onChange).toHaveBeenCalledWith(SCHOOLS[2], SCHOOLS[2], 2)
  })

  it('emits the valueKey field of the chosen item', async () => {
    const onChange = jest.fn()
    await t.mount(SelectPicker, { props: { range: SCHOOLS, rangeKey: 'name', valueKey: 'id', onChange } })
    await openPicker(field())
    await choose([1])
    await confirmPicker()
    expect(onChange).toHaveBeenCalledWith(7, SCHOOLS[1], 1)
  })

  it('follows the value its owner keeps', async () => {
    function Owner() {
      const [value, setValue] = useState<unknown>(undefined)
      return <SelectPicker range={['电话', '微信']} value={value} onChange={setValue} />
    }
    await t.mount(Owner)
    expect(shown()).toBe('请选择')
    await openPicker(field())
    await choose([1])
    await confirmPicker()
    expect(pickerIsOpen()).toBe(false)
    expect(shown()).toBe('微信')
    await openPicker(field())
    expect(pickerSelection()).toEqual([1])
  })

  it('is marked disabled and does not open on a tap', async () => {
    await t.mount(SelectPicker, { props: { range: ['a'], disabled: true } })
    expect(t.queries.querySelector('.app-picker-field--disabled')).toBeTruthy()
    await openPicker(field())
    expect(pickerIsOpen()).toBe(false)
  })

  it('opens the platform picker with the items as their text', async () => {
    await t.mount(SelectPicker, { props: { range: SCHOOLS, rangeKey: 'name' } })
    expect(pickerIsOpen()).toBe(false)
    await openPicker(field())
    expect(pickerColumns()).toEqual([['浙江大学', '杭州师范大学', '宁波大学']])
    expect(pickerSelection()).toEqual([0])
  })
})
