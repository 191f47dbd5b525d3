import { cluePayload, validateClueForm, CLUE_FORM_MESSAGES, EMPTY_CLUE_FORM } from './clue-form-logic'

describe('the campaign clue form', () => {
  it('needs a name, a mobile number and consent; the programme is optional', () => {
    expect(validateClueForm(EMPTY_CLUE_FORM)).toEqual({
      name: CLUE_FORM_MESSAGES.nameMissing,
      phone: CLUE_FORM_MESSAGES.phoneMissing,
      agreed: CLUE_FORM_MESSAGES.notAgreed,
    })
    expect(validateClueForm({ name: '李雷', phone: '1380000', intention: '', agreed: true })).toEqual({
      phone: CLUE_FORM_MESSAGES.phoneFormat,
    })
    expect(validateClueForm({ name: '李雷', phone: '13912345678', intention: '', agreed: true })).toEqual({})
  })

  it('sends the details with ref and activityId, and the programme when one was chosen', () => {
    expect(cluePayload({ name: ' 李雷 ', phone: '13912345678 ', intention: '', agreed: true }, 'DEMO01', 3)).toEqual({
      name: '李雷',
      phone: '13912345678',
      ref: 'DEMO01',
      activityId: '3',
    })
    expect(
      cluePayload({ name: '李雷', phone: '13912345678', intention: '学历教育(本科)-会计学(本科)', agreed: true }, 'DEMO01', 3),
    ).toMatchObject({
      intention: '学历教育(本科)-会计学(本科)',
    })
  })
})
