import { View } from '@tarojs/components'
import { press } from '../../../platform'

/** A row of filter pills (全部, 获得, 兑换…); `value` '' is 全部. */
export default function PointsTabs<T extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: ReadonlyArray<{ value: T | ''; label: string }>
  value: T | ''
  onChange: (value: T | '') => void
}) {
  return (
    <View className='points-tabs' role='tablist'>
      {tabs.map((tab) => (
        <View
          key={tab.label}
          className={`points-tabs__item${tab.value === value ? ' points-tabs__item--on' : ''}`}
          {...press(() => onChange(tab.value), { role: 'tab', selected: tab.value === value })}
        >
          {tab.label}
        </View>
      ))}
    </View>
  )
}
