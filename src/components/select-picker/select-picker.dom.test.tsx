import { useState } from 'react'
import TestUtils from '@tarojs/test-utils-react'
import { pickerEvent } from '../testing'
import SelectPicker from '.'

const SCHOOLS = [
  { id: 3, name: '浙江大学' },
  { id: 7, name: '杭州师范大学' },
  { id: 9, name: '宁波大学' },
]

describe('the select picker', () => {
  let t: TestUtils
  const picker = () => t.queries.querySelector('taro-picker-core') as Element
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
    expect(picker().getAttribute('value')).toBe('1')
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
    pickerEvent(picker(), 'change', { value: 2 })
    expect(onChange).toHaveBeenCalledWith(SCHOOLS[2], SCHOOLS[2], 2)
  })

  it('emits the valueKey field of the chosen item', async () => {
    const onChange = jest.fn()
    await t.mount(SelectPicker, { props: { range: SCHOOLS, rangeKey: 'name', valueKey: 'id', onChange } })
    pickerEvent(picker(), 'change', { value: '1' })
    expect(onChange).toHaveBeenCalledWith(7, SCHOOLS[1], 1)
  })

  it('follows the value its owner keeps', async () => {
    function Owner() {
      const [value, setValue] = useState<unknown>(undefined)
      return <SelectPicker range={['电话', '微信']} value={value} onChange={setValue} />
    }
    await t.mount(Owner)
    expect(shown()).toBe('请选择')
    t.act(() => pickerEvent(picker(), 'change', { value: 1 }))
    expect(shown()).toBe('微信')
  })

  it('is marked disabled and passes disabled to the platform picker', async () => {
    await t.mount(SelectPicker, { props: { range: ['a'], disabled: true } })
    expect(t.queries.querySelector('.app-picker-field--disabled')).toBeTruthy()
    expect(picker().getAttribute('disabled')).toBe('true')
  })

  it('opens the platform picker with the items as their text', async () => {
    await t.mount(SelectPicker, { props: { range: SCHOOLS, rangeKey: 'name' } })
    t.fireEvent.click(t.queries.querySelector('.app-picker-field')!)
    const items = Array.from(document.querySelectorAll('.weui-picker__item')).map((el) => el.textContent)
    expect(items).toEqual(expect.arrayContaining(['浙江大学', '杭州师范大学', '宁波大学']))
  })
})
