import { ADDRESS_MESSAGES, addressFormOf, addressPayload, checkAddress, type AddressForm } from './textbook-address-form'

const FORM: AddressForm = {
  receiver: '林小雨',
  phone: '13900000000',
  region: { province: '浙江省', city: '杭州市', district: '西湖区' },
  street: '文三路1号',
}

describe('收货地址 checks, as the back-office makes them', () => {
  it('passes a whole address', () => {
    expect(checkAddress(FORM)).toEqual({})
  })

  it('asks for each required field, blanks counted as empty', () => {
    expect(checkAddress({ receiver: ' ', phone: '', region: null, street: '  ' })).toEqual({
      receiver: '请填写收件人',
      phone: '请填写手机号',
      region: '请选择所在地区',
      street: '请填写详细地址',
    })
  })

  it('takes a mainland mobile number only: 11 digits, 1 then 3-9', () => {
    expect(checkAddress({ ...FORM, phone: '12900000000' }).phone).toBe('手机号格式不正确')
    expect(checkAddress({ ...FORM, phone: '1390000000' }).phone).toBe('手机号格式不正确')
    expect(checkAddress({ ...FORM, phone: ' 13900000000 ' }).phone).toBeUndefined()
  })

  it('holds 收件人 to 20 characters and 详细地址 to 100', () => {
    expect(checkAddress({ ...FORM, receiver: '林'.repeat(20) }).receiver).toBeUndefined()
    expect(checkAddress({ ...FORM, receiver: '林'.repeat(21) }).receiver).toBe(ADDRESS_MESSAGES.receiverLength)
    expect(checkAddress({ ...FORM, street: '路'.repeat(100) }).street).toBeUndefined()
    expect(checkAddress({ ...FORM, street: '路'.repeat(101) }).street).toBe('详细地址不能超过100个字符')
  })

  it('opens on my confirmed address, else on the suggestion, else empty', () => {
    const address = { receiver: '林小雨', phone: '13900000000', province: '浙江省', city: '杭州市', district: null, street: '文三路1号' }
    expect(addressFormOf({ address, suggested: { receiver: '别人' } })).toEqual({
      receiver: '林小雨',
      phone: '13900000000',
      region: { province: '浙江省', city: '杭州市', district: '' },
      street: '文三路1号',
    })
    expect(addressFormOf({ address: null, suggested: { receiver: '林小雨', phone: '13900000000' } })).toEqual({
      receiver: '林小雨',
      phone: '13900000000',
      region: null,
      street: '',
    })
    expect(addressFormOf({ address: null, suggested: null })).toEqual({ receiver: '', phone: '', region: null, street: '' })
  })

  it('sends the trimmed fields, the district only when the place has one', () => {
    expect(addressPayload(7, { ...FORM, receiver: ' 林小雨 ', street: ' 文三路1号 ', region: FORM.region! })).toEqual({
      id: 7,
      receiver: '林小雨',
      phone: '13900000000',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      street: '文三路1号',
    })
    expect(addressPayload(7, { ...FORM, region: { province: '浙江省', city: '杭州市', district: '' } })).not.toHaveProperty('district')
  })
})
