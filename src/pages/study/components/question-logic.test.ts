import { askPayload, checkAsk, EMPTY_ASK, questionTag } from './question-logic'

describe('答疑 form and tags', () => {
  it('asks for a course, a title and a description, within the server limits', () => {
    expect(checkAsk(EMPTY_ASK)).toEqual({ course: '请选择课程', title: '请填写标题', content: '请填写问题描述' })
    expect(checkAsk({ ...EMPTY_ASK, courseId: 3, title: '题'.repeat(61), content: '  ' })).toEqual({
      title: '标题不能超过60个字',
      content: '请填写问题描述',
    })
    expect(checkAsk({ ...EMPTY_ASK, courseId: 3, title: '极限', content: '怎么求？' })).toEqual({})
  })

  it('sends trimmed text, the section only when chosen and the picture keys', () => {
    expect(askPayload({ ...EMPTY_ASK, courseId: 3, title: ' 极限 ', content: ' 怎么求？ ' })).toEqual({
      courseId: 3,
      title: '极限',
      content: '怎么求？',
    })
    expect(
      askPayload({ courseId: 3, sectionId: 9, title: '极限', content: '怎么求？', images: [{ key: 'questions/a.png', src: 'blob:1' }] }),
    ).toEqual({ courseId: 3, sectionId: 9, title: '极限', content: '怎么求？', images: ['questions/a.png'] })
  })

  it('tags a closed question 已关闭 whatever its status', () => {
    expect(questionTag({ status: '待回复', closed: false })).toEqual({ label: '待回复', tone: 'pending' })
    expect(questionTag({ status: '已回复', closed: false })).toEqual({ label: '已回复', tone: 'replied' })
    expect(questionTag({ status: '已回复', closed: true })).toEqual({ label: '已关闭', tone: 'closed' })
  })
})
