import { VOLUNTEER_MESSAGES, cleanVolunteerForm, validateVolunteerForm } from './volunteer-form'

describe('the volunteer query form', () => {
  it('accepts a name and a 10-18 digit exam number', () => {
    expect(validateVolunteerForm({ name: '张三', examNo: '2026330100001' })).toEqual({})
    expect(validateVolunteerForm({ name: '张三', examNo: '1234567890' })).toEqual({})
    expect(validateVolunteerForm({ name: '张三', examNo: '123456789012345678' })).toEqual({})
  })

  it('asks for both fields', () => {
    expect(validateVolunteerForm({ name: '  ', examNo: '' })).toEqual({
      name: VOLUNTEER_MESSAGES.nameMissing,
      examNo: VOLUNTEER_MESSAGES.examNoMissing,
    })
  })

  it('refuses an exam number that is not 10-18 digits, and a name over 20 characters', () => {
    for (const examNo of ['123456789', '1234567890123456789', '20263301000a1', '2026-3301-0001'])
      expect(validateVolunteerForm({ name: '张三', examNo }).examNo).toBe(VOLUNTEER_MESSAGES.examNoFormat)
    expect(validateVolunteerForm({ name: '一二三四五六七八九十一二三四五六七八九十一', examNo: '2026330100001' }).name).toBe(
      VOLUNTEER_MESSAGES.nameTooLong,
    )
  })

  it('sends the name trimmed and the exam number without the spaces people type in it', () => {
    expect(cleanVolunteerForm({ name: ' 张三 ', examNo: '2026 3301 00001' })).toEqual({ name: '张三', examNo: '2026330100001' })
    expect(validateVolunteerForm({ name: ' 张三 ', examNo: '2026 3301 00001' })).toEqual({})
  })
})
