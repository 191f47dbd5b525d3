/** The volunteer query's form (志愿查询): checked before anything is sent. */
export interface VolunteerForm {
  name: string
  examNo: string
}

export type VolunteerErrors = Partial<Record<keyof VolunteerForm, string>>

export const VOLUNTEER_MESSAGES = {
  nameMissing: '请填写姓名',
  nameTooLong: '姓名不能超过20个字符',
  examNoMissing: '请填写考生号',
  examNoFormat: '考生号为10-18位数字',
} as const

/** The form as it is sent: trimmed, the exam number without spaces (people copy it in groups). */
export function cleanVolunteerForm(form: VolunteerForm): VolunteerForm {
  return { name: form.name.trim(), examNo: form.examNo.replace(/\s+/g, '') }
}

export function validateVolunteerForm(form: VolunteerForm): VolunteerErrors {
  const { name, examNo } = cleanVolunteerForm(form)
  const errors: VolunteerErrors = {}
  if (!name) errors.name = VOLUNTEER_MESSAGES.nameMissing
  else if (Array.from(name).length > 20) errors.name = VOLUNTEER_MESSAGES.nameTooLong
  if (!examNo) errors.examNo = VOLUNTEER_MESSAGES.examNoMissing
  else if (!/^\d{10,18}$/.test(examNo)) errors.examNo = VOLUNTEER_MESSAGES.examNoFormat
  return errors
}
