import { checkRollRequest, rollRequestPayload, valueInputOf, EMPTY_FORM } from './roll-request-form'
import { batchText, historyTitle, majorText, requestTone, statusTone } from './roll-text'

describe('the roll as a student reads it', () => {
  it('says the batch as 2026年1期, the major with its level, and a registration as 登记为在读', () => {
    expect(batchText({ batchYear: 2026, batch: 1 })).toBe('2026年1期')
    expect(majorText({ major: '工商管理', level: '本科' })).toBe('工商管理（本科）')
    expect(historyTitle({ fromStatus: null, toStatus: '在读' })).toBe('登记为在读')
    expect(historyTitle({ fromStatus: '在读', toStatus: '休学' })).toBe('在读 → 休学')
  })

  it('colours 在读 green, 休学 orange, 毕业 blue, 退学 grey; a request waiting orange, approved green, refused red', () => {
    expect(['在读', '休学', '毕业', '退学'].map(statusTone)).toEqual(['green', 'orange', 'blue', 'grey'])
    expect((['待审核', '已通过', '已驳回'] as const).map(requestTone)).toEqual(['orange', 'green', 'red'])
  })
})

describe('a correction request checked before it is sent', () => {
  it('asks for the field first', () => {
    expect(checkRollRequest(EMPTY_FORM)).toEqual({ field: '请选择要修改的信息' })
  })

  it('takes a name of 2-20 characters, an ID number with its check digit, a phone with the code texted to it', () => {
    expect(checkRollRequest({ ...EMPTY_FORM, field: 'name', value: '林' })).toEqual({ value: '姓名为2-20个字符' })
    expect(checkRollRequest({ ...EMPTY_FORM, field: 'name', value: '林小语' })).toEqual({})
    expect(checkRollRequest({ ...EMPTY_FORM, field: 'idCard', value: '330106200001011234' })).toEqual({ value: '身份证号不正确' })
    expect(checkRollRequest({ ...EMPTY_FORM, field: 'idCard', value: '11010519491231002x' })).toEqual({})
    expect(checkRollRequest({ ...EMPTY_FORM, field: 'phone', value: '1371111222' })).toEqual({
      value: '手机号格式不正确',
      code: '请填写验证码',
    })
    expect(checkRollRequest({ ...EMPTY_FORM, field: 'phone', value: '13711112222', code: '123456' })).toEqual({})
  })

  it('refuses a second request for a field already waiting, not one already decided', () => {
    const form = { ...EMPTY_FORM, field: 'name' as const, value: '林小语' }
    expect(checkRollRequest(form, [{ field: 'name', status: '待审核' }])).toEqual({ field: '该项已有待审核的申请' })
    expect(
      checkRollRequest(form, [
        { field: 'name', status: '已驳回' },
        { field: 'phone', status: '待审核' },
      ]),
    ).toEqual({})
  })

  it('sends the trimmed value (an ID number in capitals), the reason only when given, the code only for a phone', () => {
    expect(rollRequestPayload({ field: 'idCard', value: ' 11010519491231002x ', reason: ' ', code: '111111' })).toEqual({
      field: 'idCard',
      value: '11010519491231002X',
    })
    expect(rollRequestPayload({ field: 'phone', value: '13711112222', reason: '换号', code: '123456' })).toEqual({
      field: 'phone',
      value: '13711112222',
      reason: '换号',
      code: '123456',
    })
  })

  it('gives the new value the keyboard of its field', () => {
    expect(valueInputOf('idCard')).toMatchObject({ type: 'idcard', maxlength: 18 })
    expect(valueInputOf('phone')).toMatchObject({ type: 'number', maxlength: 11 })
  })
})
