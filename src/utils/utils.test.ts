import { BATCHES, CATEGORY_TREE, INTAKE_YEARS, TimeType } from '@activity/wire'
import {
  BATCH_OPTIONS,
  CATEGORY_OPTIONS,
  INTAKE_YEAR_OPTIONS,
  TIME_TYPE_OPTIONS,
  categoryColumns,
  categoryIndexes,
  categoryValue,
  dayjsFormatOf,
  formatDate,
  isPhone,
  maskPhone,
  optionLabel,
  relativeTime,
} from '.'

// Local times, so the tests read the same in any time zone.
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s)

describe('dates', () => {
  it('formats by the default pattern yyyy-MM-dd hh:mm:ss on the 24-hour clock', () => {
    expect(formatDate(at(2026, 3, 5, 21, 7, 9))).toBe('2026-03-05 21:07:09')
    expect(formatDate(at(2026, 3, 5, 9, 7, 9))).toBe('2026-03-05 09:07:09')
  })

  it('reads SPEC-style patterns', () => {
    expect(dayjsFormatOf('yyyy-MM-dd hh:mm:ss')).toBe('YYYY-MM-DD HH:mm:ss')
    expect(formatDate(at(2026, 12, 1, 8, 30), 'yyyy年MM月dd日 HH:mm')).toBe('2026年12月01日 08:30')
    expect(formatDate(at(2026, 12, 1), 'MM-dd')).toBe('12-01')
  })

  it('shows nothing for no date or an invalid one', () => {
    expect([formatDate(null), formatDate(undefined), formatDate(''), formatDate('not a date')]).toEqual(['', '', '', ''])
  })

  it('says 刚刚, N分钟前, N小时前, then the month, day and time', () => {
    const now = at(2026, 6, 10, 15, 0, 0)
    expect(relativeTime(at(2026, 6, 10, 14, 59, 1), now)).toBe('刚刚')
    expect(relativeTime(at(2026, 6, 10, 14, 59, 0), now)).toBe('1分钟前')
    expect(relativeTime(at(2026, 6, 10, 14, 1, 0), now)).toBe('59分钟前')
    expect(relativeTime(at(2026, 6, 10, 14, 0, 0), now)).toBe('1小时前')
    expect(relativeTime(at(2026, 6, 9, 15, 0, 1), now)).toBe('23小时前')
    expect(relativeTime(at(2026, 6, 9, 15, 0, 0), now)).toBe('06-09 15:00')
    expect(relativeTime(at(2026, 6, 10, 15, 0, 30), now)).toBe('刚刚')
  })
})

describe('phones', () => {
  it('masks the middle four digits', () => {
    expect(maskPhone('13812341234')).toBe('138****1234')
    expect(maskPhone('138****1234')).toBe('138****1234')
    expect(maskPhone(null)).toBe('')
  })

  it('knows a mainland mobile number', () => {
    expect(['13812341234', '1381234123', '23812341234', ''].map(isPhone)).toEqual([true, false, false, false])
  })
})

describe('options', () => {
  const options = [
    { label: '微信', value: 'wx' },
    { label: '支付宝', value: 'ali' },
  ]

  it('looks up a value, and each of comma-separated values', () => {
    expect(optionLabel(options, 'wx')).toBe('微信')
    expect(optionLabel(options, 'wx,ali')).toBe('微信,支付宝')
    expect(optionLabel(options, 'wx, card', { fallback: '未知' })).toBe('微信,未知')
    expect(optionLabel(options, '')).toBe('')
  })

  it('uses other keys when told', () => {
    expect(
      optionLabel(
        [
          { id: 1, name: '一档' },
          { id: 2, name: '二档' },
        ],
        '2,1',
        { valueKey: 'id', labelKey: 'name' },
      ),
    ).toBe('二档,一档')
  })

  it('offers the enumerations, intake years 2015-2030 and batches 1期-20期 as options', () => {
    expect(TIME_TYPE_OPTIONS[0]).toEqual({ label: TimeType.today, value: '今天' })
    expect(INTAKE_YEAR_OPTIONS.map((o) => o.value)).toEqual(INTAKE_YEARS)
    expect([INTAKE_YEARS[0], INTAKE_YEARS.at(-1), INTAKE_YEARS.length]).toEqual(['2015', '2030', 16])
    expect([BATCH_OPTIONS[0]?.label, BATCH_OPTIONS.at(-1)?.label, BATCHES.length]).toEqual(['1期', '20期', 20])
  })
})

describe('the category picker data', () => {
  it('has the two-level tree with "parent-child" values and the (大专)/(本科) suffixes', () => {
    expect(CATEGORY_OPTIONS.map((p) => p.label)).toEqual(CATEGORY_TREE.map((p) => p.label))
    expect(CATEGORY_OPTIONS[0]?.children[0]).toEqual({ label: '创新创业培训', value: '职业技能教育-创新创业培训', recommended: true })
    expect(CATEGORY_OPTIONS[1]?.children.every((c) => c.label.endsWith('(大专)'))).toBe(true)
    expect(CATEGORY_OPTIONS[2]?.children.every((c) => c.label.endsWith('(本科)'))).toBe(true)
  })

  it('gives the picker its columns and maps positions to values and back', () => {
    const [parents, children] = categoryColumns(2)
    expect(parents).toEqual(['职业技能教育', '学历教育(大专)', '学历教育(本科)'])
    expect(children).toHaveLength(8)
    expect(categoryValue(2, 4)).toBe('学历教育(本科)-会计学(本科)')
    expect(categoryIndexes('学历教育(本科)-会计学(本科)')).toEqual([2, 4])
    expect(categoryIndexes('不存在-的专业')).toBeNull()
    expect(categoryValue(9, 9)).toBe('')
  })
})
