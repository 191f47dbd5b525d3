import TestUtils from '@tarojs/test-utils-react'
import { BATCHES, INTAKE_YEARS } from '@activity/wire'
import { choose, confirmPicker, openPicker, pickerColumns, pickerIsOpen, pickerSelection } from '../testing'
import MultiSelectPicker from '.'

const TEACHERS = [
  { code: 'T1', name: '王老师' },
  { code: 'T2', name: '李老师' },
]
const ROOMS = [
  { code: 'R1', name: '一号教室' },
  { code: 'R2', name: '二号教室' },
]

describe('the multi-column select picker', () => {
  let t: TestUtils
  const field = () => t.queries.querySelector('.app-picker-field') as Element
  const shown = () => t.queries.querySelector('.app-picker-field__text')?.textContent
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('reads 请选择 until every column has a value', async () => {
    await t.mount(MultiSelectPicker, { props: { range: [INTAKE_YEARS, BATCHES], value: ['2020'] } })
    expect(shown()).toBe('请选择')
  })

  it('shows each column value found in its list, joined by the separator', async () => {
    await t.mount(MultiSelectPicker, { props: { range: [INTAKE_YEARS, BATCHES], value: ['2020', '3期'], separator: ' / ' } })
    expect(shown()).toBe('2020 / 3期')
  })

  it('matches objects by valueKey and shows them by rangeKey', async () => {
    await t.mount(MultiSelectPicker, { props: { range: [TEACHERS, ROOMS], rangeKey: 'name', valueKey: 'code', value: ['T2', 'R1'] } })
    expect(shown()).toBe('李老师 一号教室')
    await openPicker(field())
    expect(pickerSelection()).toEqual([1, 0])
  })

  it('emits one value per column (valueKey fields), the items and the indexes', async () => {
    const onChange = jest.fn()
    await t.mount(MultiSelectPicker, { props: { range: [TEACHERS, ROOMS], rangeKey: 'name', valueKey: 'code', onChange } })
    await openPicker(field())
    expect(pickerColumns()).toEqual([
      ['王老师', '李老师'],
      ['一号教室', '二号教室'],
    ])
    await choose([1, 1])
    expect(onChange).not.toHaveBeenCalled()
    await confirmPicker()
    expect(onChange).toHaveBeenCalledWith(['T2', 'R2'], [TEACHERS[1], ROOMS[1]], [1, 1])
  })

  it('emits the items themselves without a valueKey', async () => {
    const onChange = jest.fn()
    await t.mount(MultiSelectPicker, { props: { range: [INTAKE_YEARS, BATCHES], onChange } })
    await openPicker(field())
    await choose([undefined, 19])
    await confirmPicker()
    expect(onChange).toHaveBeenCalledWith(['2015', '20期'], ['2015', '20期'], [0, 19])
  })

  it('reports a column scrolled before the choice is confirmed', async () => {
    const onColumnChange = jest.fn()
    await t.mount(MultiSelectPicker, { props: { range: [INTAKE_YEARS, BATCHES], onColumnChange } })
    await openPicker(field())
    await choose([undefined, 4])
    expect(onColumnChange).toHaveBeenCalledWith(1, 4)
    expect(pickerIsOpen()).toBe(true)
  })

  it('passes disabled on', async () => {
    await t.mount(MultiSelectPicker, { props: { range: [INTAKE_YEARS], disabled: true } })
    expect(t.queries.querySelector('.app-picker-field--disabled')).toBeTruthy()
    await openPicker(field())
    expect(pickerIsOpen()).toBe(false)
  })
})
