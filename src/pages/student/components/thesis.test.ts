import { advisorsOf, bytesText, liveSelection, timelineRows } from './thesis'
import { BATCH, stageOf, topicOf } from '../../../testing/thesis'

describe('我的论文 page rules', () => {
  it('lists the topic window, then each stage’s last day with its extension', () => {
    const rows = timelineRows(BATCH, [stageOf('开题报告', { extendedTo: '2026-04-10' }), stageOf('初稿')])
    expect(rows.map((r) => [r.label, r.value, r.extended])).toEqual([
      ['选题', '2026-03-01 至 2026-03-20', null],
      ['开题报告', '2026-04-01 截止', '2026-04-10'],
      ['初稿', '2026-05-01 截止', null],
    ])
  })

  it('a refused choice no longer stands', () => {
    const topic = topicOf()
    expect(liveSelection({ selection: { id: 1, status: '已拒绝', refusal: '方向不符', topic } })).toBeNull()
    expect(liveSelection({ selection: { id: 1, status: '待确认', refusal: null, topic } })?.id).toBe(1)
    expect(liveSelection({ selection: null })).toBeNull()
  })

  it('offers each advisor of the batch once', () => {
    const topics = [topicOf({ id: 1 }), topicOf({ id: 2, advisorId: 8, advisorName: '赵老师' }), topicOf({ id: 3 })]
    expect(advisorsOf(topics)).toEqual([
      { id: 7, name: '陈老师' },
      { id: 8, name: '赵老师' },
    ])
  })

  it('says a file’s size in KB or MB', () => {
    expect(bytesText(300)).toBe('1KB')
    expect(bytesText(512 * 1024)).toBe('512KB')
    expect(bytesText(1.54 * 1024 * 1024)).toBe('1.5MB')
  })
})
