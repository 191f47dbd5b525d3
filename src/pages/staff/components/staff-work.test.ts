import { ClueStatus, FollowUpMethod, ReplyStatus } from '@activity/wire'
import { addDays, checkFollowUp, followUpPayload, isOverdue, isWholePhone, nextContactChoices, overdueFirst } from './staff-clues'
import { answerPayload, postAuthor, staffQuestionTag } from './staff-questions'

const NOW = Date.parse('2026-12-05T02:00:00Z') // 10:00 in Beijing, a Saturday
const clue = (id: number, status: string, nextContactAt: string | null) => ({ id, status, nextContactAt })

describe('我的线索: overdue first', () => {
  it('marks an open clue whose next contact has passed, and never a closed one', () => {
    expect(isOverdue(clue(1, ClueStatus.following, '2026-12-05T01:00:00Z'), NOW)).toBe(true)
    expect(isOverdue(clue(1, ClueStatus.new, '2026-12-05T01:00:00Z'), NOW)).toBe(true)
    expect(isOverdue(clue(1, ClueStatus.following, '2026-12-05T03:00:00Z'), NOW)).toBe(false)
    expect(isOverdue(clue(1, ClueStatus.following, null), NOW)).toBe(false)
    expect(isOverdue(clue(1, ClueStatus.deal, '2026-12-01T01:00:00Z'), NOW)).toBe(false)
  })

  it('puts the overdue clues first, the longest overdue first, then the rest in the server order, each once', () => {
    const late1 = clue(7, ClueStatus.following, '2026-12-04T00:00:00Z')
    const late2 = clue(3, ClueStatus.following, '2026-12-01T00:00:00Z')
    const rows = [clue(9, ClueStatus.following, null), late1, clue(8, ClueStatus.following, '2026-12-09T00:00:00Z'), late2]
    expect(overdueFirst([late2, late1], rows, NOW).map((c) => c.id)).toEqual([3, 7, 9, 8])
    // The overdue list reaches past the pages loaded so far: its clues show all the same.
    expect(overdueFirst([late2, late1], rows.slice(0, 1), NOW).map((c) => c.id)).toEqual([3, 7, 9])
  })

  it('takes a phone as whole only when the server sent all its digits', () => {
    expect(isWholePhone('13700000004')).toBe(true)
    expect(isWholePhone('137****0004')).toBe(false)
  })
})

describe('添加跟进', () => {
  it('asks for the method and the content, as the server words it', () => {
    expect(checkFollowUp({ method: '', note: '  ', nextDate: '' })).toEqual({ method: '请选择跟进方式', note: '请填写跟进内容' })
    expect(checkFollowUp({ method: FollowUpMethod.phone, note: 'x'.repeat(501), nextDate: '' })).toEqual({
      note: '跟进内容不能超过500个字符',
    })
    expect(checkFollowUp({ method: FollowUpMethod.wechat, note: '已加微信', nextDate: '' })).toEqual({})
  })

  it('sends the next contact at 9:00 Beijing of the day chosen, and nothing when none is', () => {
    expect(followUpPayload(5, { method: FollowUpMethod.phone, note: ' 约了周一面谈 ', nextDate: '2026-12-07' })).toEqual({
      id: 5,
      method: '电话',
      note: '约了周一面谈',
      nextContactAt: '2026-12-07 09:00:00',
    })
    expect(followUpPayload(5, { method: FollowUpMethod.meeting, note: '面谈', nextDate: '' })).toEqual({
      id: 5,
      method: '面谈',
      note: '面谈',
    })
  })

  it('offers 不设置 and the next 30 days from tomorrow (Beijing), named by weekday', () => {
    const days = nextContactChoices(NOW)
    expect(days).toHaveLength(31)
    expect(days.slice(0, 3)).toEqual([
      { label: '不设置', value: '' },
      { label: '明天 12月6日 周日', value: '2026-12-06' },
      { label: '后天 12月7日 周一', value: '2026-12-07' },
    ])
    expect(days[30]).toEqual({ label: '2027年1月4日 周一', value: '2027-01-04' })
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })
})

describe('答疑 for the office', () => {
  it('tags a question 已关闭 over its status', () => {
    expect(staffQuestionTag({ status: ReplyStatus.pending, closed: false })).toEqual({ label: '待回复', tone: 'pending' })
    expect(staffQuestionTag({ status: ReplyStatus.replied, closed: false })).toEqual({ label: '已回复', tone: 'replied' })
    expect(staffQuestionTag({ status: ReplyStatus.pending, closed: true })).toEqual({ label: '已关闭', tone: 'closed' })
  })

  it('heads each post with who wrote it, the operator themselves as 我', () => {
    expect(postAuthor({ author: 'student', teacherName: null }, '林小雨', '张老师', true)).toBe('林小雨 · 提问')
    expect(postAuthor({ author: 'student', teacherName: null }, '林小雨', '张老师', false)).toBe('林小雨 · 追问')
    expect(postAuthor({ author: 'teacher', teacherName: '张老师' }, '林小雨', '张老师', false)).toBe('张老师（我）· 回复')
    expect(postAuthor({ author: 'teacher', teacherName: '李老师' }, '林小雨', '张老师', false)).toBe('李老师 · 回复')
  })

  it('sends an answer only with text, and its pictures when there are any', () => {
    expect(answerPayload(4, '   ', ['k'])).toBeUndefined()
    expect(answerPayload(4, ' 看第二章 ', [])).toEqual({ id: 4, content: '看第二章' })
    expect(answerPayload(4, '看图', ['a', 'b'])).toEqual({ id: 4, content: '看图', images: ['a', 'b'] })
  })
})
