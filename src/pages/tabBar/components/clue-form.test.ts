import { EMPTY_CLUE_FORM, clueFormError, newClueOf, type ClueForm } from './clue-form'

const form = (over: Partial<ClueForm>): ClueForm => ({ ...EMPTY_CLUE_FORM, name: '王小明', phone: '13912345678', ...over })

describe('the add-a-clue form', () => {
  it('needs a name of at most 20 characters', () => {
    expect(clueFormError(form({ name: '  ' }))).toBe('请填写姓名')
    expect(clueFormError(form({ name: '名'.repeat(21) }))).toBe('姓名不能超过20个字符')
    expect(clueFormError(form({ name: '名'.repeat(20) }))).toBeNull()
  })

  it('needs a mainland mobile number the back-office accepts', () => {
    expect(clueFormError(form({ phone: '' }))).toBe('请填写手机号')
    expect(clueFormError(form({ phone: '1391234567' }))).toBe('手机号格式不正确')
    expect(clueFormError(form({ phone: '12912345678' }))).toBe('手机号格式不正确')
    expect(clueFormError(form({ phone: ' 13912345678 ' }))).toBeNull()
  })

  it('keeps the remark within 200 characters', () => {
    expect(clueFormError(form({ remark: 'a'.repeat(201) }))).toBe('备注不能超过200个字符')
  })

  it('sends trimmed values and leaves out the optional fields left empty', () => {
    expect(newClueOf(form({ name: ' 王小明 ', remark: '  ' }))).toEqual({ name: '王小明', phone: '13912345678', contactMethod: '电话' })
    expect(newClueOf(form({ contactMethod: '微信', intention: '学历教育(本科)-会计学(本科)', remark: '晚上联系' }))).toEqual({
      name: '王小明',
      phone: '13912345678',
      contactMethod: '微信',
      intention: '学历教育(本科)-会计学(本科)',
      remark: '晚上联系',
    })
  })
})
