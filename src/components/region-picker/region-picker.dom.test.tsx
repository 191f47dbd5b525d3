import { useState } from 'react'
import TestUtils from '@tarojs/test-utils-react'
import { cancelPicker, choose, confirmPicker, openPicker, pickerColumns, pickerIsOpen, pickerSelection } from '../testing'
import RegionPicker, { REGIONS, regionIndexes, regionText, type RegionValue } from '.'

const names = (nodes: { name: string }[] | undefined) => (nodes ?? []).map((n) => n.name)
const ZHEJIANG = REGIONS[10]
const HANGZHOU = ZHEJIANG?.children[0]
const NINGBO = ZHEJIANG?.children[1]

describe('the regions and where a place sits in them', () => {
  it('holds every province with its cities and each city with its districts, in the national code order', () => {
    expect(REGIONS).toHaveLength(34)
    expect(names(REGIONS).slice(0, 3)).toEqual(['北京市', '天津市', '河北省'])
    expect(ZHEJIANG?.name).toBe('浙江省')
    expect(names(ZHEJIANG?.children).slice(0, 3)).toEqual(['杭州市', '宁波市', '温州市'])
    expect(names(HANGZHOU?.children).slice(0, 3)).toEqual(['上城区', '拱墅区', '西湖区'])
    // Every city has districts: the third column is never empty.
    expect(REGIONS.every((p) => p.children.length > 0 && p.children.every((c) => c.children.length > 0))).toBe(true)
  })

  it('finds a place by its names, a shortened name too, and nothing for a place the tree does not hold', () => {
    expect(regionIndexes(REGIONS, { province: '浙江省', city: '杭州市', district: '西湖区' })).toEqual([10, 0, 2])
    expect(regionIndexes(REGIONS, { province: '浙江', city: '宁波', district: null })).toEqual([10, 1, 0])
    expect(regionIndexes(REGIONS, { province: '浙江省', city: '南京市', district: '玄武区' })).toBeNull()
    expect(regionIndexes(REGIONS, { province: '', city: '', district: '' })).toBeNull()
    expect(regionIndexes(REGIONS, null)).toBeNull()
  })

  it('reads a place as people write it, a municipality once', () => {
    expect(regionText({ province: '浙江省', city: '杭州市', district: '西湖区' })).toBe('浙江省 杭州市 西湖区')
    expect(regionText({ province: '北京市', city: '北京市', district: '东城区' })).toBe('北京市 东城区')
    expect(regionText({ province: '浙江省', city: '杭州市', district: null })).toBe('浙江省 杭州市')
  })
})

describe('the province, city and district picker', () => {
  let t: TestUtils
  const field = () => t.queries.querySelector('.app-picker-field') as Element
  const shown = () => t.queries.querySelector('.app-picker-field__text')?.textContent
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('reads 请选择省/市/区 with no value, shows a value and opens on its rows', async () => {
    await t.mount(RegionPicker, { props: {} })
    expect(shown()).toBe('请选择省/市/区')
    t.unmout()
    await t.mount(RegionPicker, { props: { value: { province: '浙江省', city: '杭州市', district: '西湖区' } } })
    expect(shown()).toBe('浙江省 杭州市 西湖区')
    await openPicker(field())
    expect(pickerSelection()).toEqual([10, 0, 2])
    expect(pickerColumns()).toEqual([names(REGIONS), names(ZHEJIANG?.children), names(HANGZHOU?.children)])
  })

  it('offers the cities of the province and the districts of the city, following each column as it scrolls, and emits the three names', async () => {
    const onChange = jest.fn()
    function Owner() {
      const [value, setValue] = useState<RegionValue>()
      return (
        <RegionPicker
          value={value}
          onChange={(v) => {
            onChange(v)
            setValue(v)
          }}
        />
      )
    }
    await t.mount(Owner)
    await openPicker(field())
    expect(pickerSelection()).toEqual([0, 0, 0])
    expect(pickerColumns()[1]).toEqual(['北京市'])
    await choose([10])
    expect(pickerSelection()).toEqual([10, 0, 0])
    expect(pickerColumns()[1]).toEqual(names(ZHEJIANG?.children))
    expect(pickerColumns()[2]).toEqual(names(HANGZHOU?.children))
    await choose([undefined, 1])
    expect(pickerSelection()).toEqual([10, 1, 0])
    expect(pickerColumns()[2]).toEqual(names(NINGBO?.children))
    await choose([undefined, undefined, 4])
    // Nothing is emitted while the columns scroll.
    expect(onChange).not.toHaveBeenCalled()
    await confirmPicker()
    expect(pickerIsOpen()).toBe(false)
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenCalledWith({ province: '浙江省', city: '宁波市', district: '鄞州区' })
    expect(shown()).toBe('浙江省 宁波市 鄞州区')
  })

  it('goes back to the chosen place when the picker is cancelled', async () => {
    const onChange = jest.fn()
    await t.mount(RegionPicker, { props: { value: { province: '浙江省', city: '杭州市', district: '西湖区' }, onChange } })
    await openPicker(field())
    await choose([0])
    expect(pickerSelection()).toEqual([0, 0, 0])
    await cancelPicker()
    expect(pickerIsOpen()).toBe(false)
    expect(onChange).not.toHaveBeenCalled()
    expect(shown()).toBe('浙江省 杭州市 西湖区')
    await openPicker(field())
    expect(pickerSelection()).toEqual([10, 0, 2])
    expect(pickerColumns()[2]).toEqual(names(HANGZHOU?.children))
  })
})
