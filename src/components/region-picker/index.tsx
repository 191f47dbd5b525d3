import { useState } from 'react'
import { Picker } from '@tarojs/components'
import PickerField from '../select-picker/field'
import { REGIONS, type Region } from './regions'
import { regionText, type PlaceLike, type RegionValue } from './text'

export type { PlaceLike, Region, RegionValue }
export { REGIONS, regionText }

export const REGION_PLACEHOLDER = '请选择省/市/区'

export interface RegionPickerProps {
  /** The chosen place; undefined (or no province) while none is chosen. */
  value?: RegionValue
  /** The three-level tree offered. @default REGIONS (the whole country, @vant/area-data) */
  regions?: Region[]
  /** Shown while nothing is chosen. @default '请选择省/市/区' */
  placeholder?: string
  /** @default false */
  disabled?: boolean
  /** A place was chosen (确定): the three names. */
  onChange?: (value: RegionValue) => void
  className?: string
}

type Indexes = [number, number, number]

/** A node by its name; a shortened name (浙江, 杭州) finds the one it begins when there is no exact match. */
function indexByName(nodes: Region[] | undefined, name: string | null | undefined): number {
  if (!nodes || !name) return -1
  const exact = nodes.findIndex((n) => n.name === name)
  return exact >= 0 || name.length < 2 ? exact : nodes.findIndex((n) => n.name.startsWith(name))
}

/**
 * Where a value sits in the tree: its province's, city's and district's rows (the district's first
 * row when it names none the tree holds), or null when the province or the city is not there.
 */
export function regionIndexes(tree: Region[], value: PlaceLike | null | undefined): Indexes | null {
  const p = indexByName(tree, value?.province)
  const cities = tree[p]?.children
  const c = indexByName(cities, value?.city)
  if (p < 0 || c < 0) return null
  return [p, c, Math.max(indexByName(cities?.[c]?.children, value?.district), 0)]
}

/**
 * 所在地区: province, city and district in three columns, each following the one before it as it
 * scrolls (Taro's multiSelector Picker, the same on weapp, Alipay and H5; its region mode needs
 * data of its own on H5 and is missing on Alipay). Nothing is emitted until 确定.
 */
export default function RegionPicker({
  value,
  regions = REGIONS,
  placeholder = REGION_PLACEHOLDER,
  disabled = false,
  onChange,
  className,
}: RegionPickerProps) {
  const chosen = regionIndexes(regions, value)
  // The columns as scrolled, before the choice is confirmed.
  const [scrolled, setScrolled] = useState<Indexes | null>(null)
  const [p, c, d] = scrolled ?? chosen ?? [0, 0, 0]
  const cities = regions[p]?.children ?? []
  const districts = cities[c]?.children ?? []
  const names = (nodes: Region[]) => nodes.map((n) => n.name)
  return (
    <Picker
      className={['app-select-picker', 'app-region-picker', className ?? ''].join(' ').trim()}
      mode='multiSelector'
      range={[names(regions), names(cities), names(districts)]}
      value={[p, c, d]}
      disabled={disabled}
      onColumnChange={(e) => {
        const column = Number(e.detail.column)
        const index = Number(e.detail.value)
        setScrolled(column === 0 ? [index, 0, 0] : column === 1 ? [p, index, 0] : [p, c, index])
      }}
      onCancel={() => setScrolled(null)}
      onChange={(e) => {
        const [pi = 0, ci = 0, di = 0] = (e.detail.value as Array<number | string>).map(Number)
        setScrolled(null)
        const province = regions[pi]
        const city = province?.children[ci]
        if (!province || !city) return
        onChange?.({ province: province.name, city: city.name, district: city.children[di]?.name ?? '' })
      }}
    >
      <PickerField label={value?.province && value.city ? regionText(value) : null} placeholder={placeholder} disabled={disabled} />
    </Picker>
  )
}
