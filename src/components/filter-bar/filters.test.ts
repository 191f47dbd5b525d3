import { ClueStatus, CLUE_STATUSES, TimeType } from '@activity/wire'
import { TIME_TYPE_CHOICES, filterKey, listQuery, pickTimeType, pickValue, tabsOf } from './filters'

describe('the dashboard list filters', () => {
  it('offer 全部 before the status values, 全部 sending no value', () => {
    expect(tabsOf(CLUE_STATUSES).map((t) => t.label)).toEqual(['全部', '待跟进', '跟进中', '已成交', '无效', '已退费'])
    expect(tabsOf(CLUE_STATUSES)[0]?.value).toBe('')
  })

  it("offer 全部 and SPEC's eight time types", () => {
    expect(TIME_TYPE_CHOICES.map((t) => t.label)).toEqual(['全部', '今天', '本周', '本月', '昨天', '上周', '上月', '今年', '去年'])
  })

  it('take a filter from the address only when it is one of the values', () => {
    expect(pickValue(CLUE_STATUSES, '跟进中')).toBe(ClueStatus.following)
    expect(pickValue(CLUE_STATUSES, '已删除')).toBeUndefined()
    expect(pickValue(CLUE_STATUSES, '')).toBeUndefined()
    expect(pickTimeType('本月')).toBe(TimeType.thisMonth)
    expect(pickTimeType(undefined)).toBeUndefined()
  })

  it('read a value that comes back from login encoded once more', () => {
    expect(pickValue(CLUE_STATUSES, encodeURIComponent('已成交'))).toBe(ClueStatus.deal)
    expect(pickValue(CLUE_STATUSES, '%E4%ZZ')).toBeUndefined()
  })

  it('send only the filters that are set, with the page and its size', () => {
    expect(listQuery({ status: ClueStatus.deal, timeType: undefined }, 1, 10)).toEqual({ status: '已成交', page: 1, size: 10 })
    expect(listQuery({ type: '', timeType: TimeType.lastMonth }, 3, 10)).toEqual({ timeType: '上月', page: 3, size: 10 })
    expect(listQuery({}, 2, 10)).toEqual({ page: 2, size: 10 })
  })

  it('change their key whenever a filter changes, and only then', () => {
    expect(filterKey({ status: '无效', timeType: undefined })).toBe(filterKey({ timeType: '', status: '无效' }))
    expect(filterKey({ status: '无效' })).not.toBe(filterKey({ status: '已成交' }))
  })
})
