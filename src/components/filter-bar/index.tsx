import { Text, View } from '@tarojs/components'
import SelectPicker from '../select-picker'
import type { TimeType } from '@activity/wire'
import { ALL_LABEL, TIME_TYPE_CHOICES, type FilterTab } from './filters'
import './index.scss'
import { press } from '../../platform/press'

export interface FilterBarProps<V extends string> {
  /** The status or type tabs, 全部 first. */
  tabs: Array<FilterTab<V>>
  /** The chosen tab's value; undefined for 全部. */
  value: V | undefined
  onChange: (value: V | undefined) => void
  /** The chosen time type; undefined for 全部. */
  timeType: TimeType | undefined
  onTimeTypeChange: (value: TimeType | undefined) => void
  /** The list's total, shown on the right of the time row once known. */
  total?: number
  /** What the total counts, e.g. 条. @default '条' */
  unit?: string
}

/** The filters over a dashboard list: one row of tabs, then the time type and the count. */
export default function FilterBar<V extends string>({
  tabs,
  value,
  onChange,
  timeType,
  onTimeTypeChange,
  total,
  unit = '条',
}: FilterBarProps<V>) {
  return (
    <View className='filter-bar'>
      <View className='filter-bar__tabs' role='tablist'>
        {tabs.map((tab) => {
          const active = (tab.value || undefined) === value
          return (
            <View
              key={tab.label}
              className={`filter-bar__tab${active ? ' filter-bar__tab--active' : ''}`}
              {...press(
                () => {
                  if (!active) onChange((tab.value || undefined) as V | undefined)
                },
                { role: 'tab', selected: active },
              )}
            >
              <Text>{tab.label}</Text>
            </View>
          )
        })}
      </View>
      <View className='filter-bar__row'>
        <Text className='filter-bar__label'>时间</Text>
        <SelectPicker
          className='filter-bar__time'
          range={TIME_TYPE_CHOICES}
          rangeKey='label'
          valueKey='value'
          value={timeType ?? ''}
          placeholder={ALL_LABEL}
          onChange={(v) => onTimeTypeChange((v as TimeType | '') || undefined)}
        />
        <Text className='filter-bar__total'>{total === undefined ? '' : `共 ${total} ${unit}`}</Text>
      </View>
    </View>
  )
}
