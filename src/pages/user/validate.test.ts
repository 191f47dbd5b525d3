import { PayoutAccountType } from '@activity/wire'
import { REGIONS, PROVINCES, citiesOf } from './data/regions'
import { documentHtml } from '../../components/rich-document'
import {
  MESSAGES,
  checkBind,
  checkChangePassword,
  checkLogin,
  checkPerson,
  checkSignUp,
  codeError,
  firstError,
  isValidIdCard,
  isValid,
  passwordError,
  personPayload,
  phoneError,
  repeatError,
  type LoginForm,
  type PersonForm,
} from './validate'

const login = (over: Partial<LoginForm> = {}): LoginForm => ({
  phone: '13800000000',
  password: 'demo1234',
  code: '123456',
  repeat: 'demo1234',
  referrerCode: '',
  agreed: true,
  ...over,
})

describe('phone, code and password checks', () => {
  it('asks for a phone, then for 11 digits starting 1 and 3-9', () => {
    expect(phoneError('')).toBe(MESSAGES.phoneRequired)
    expect(phoneError('  ')).toBe(MESSAGES.phoneRequired)
    expect(phoneError('1380000000')).toBe(MESSAGES.phoneFormat)
    expect(phoneError('12800000000')).toBe(MESSAGES.phoneFormat)
    expect(phoneError('23800000000')).toBe(MESSAGES.phoneFormat)
    expect(phoneError(' 13800000000 ')).toBe('')
  })

  it('wants a code of exactly 6 digits', () => {
    expect(codeError('')).toBe(MESSAGES.codeRequired)
    expect(codeError('12345')).toBe(MESSAGES.codeFormat)
    expect(codeError('12345a')).toBe(MESSAGES.codeFormat)
    expect(codeError('123456')).toBe('')
  })

  it('takes a new password of 8-32 letters and digits with at least one of each', () => {
    expect(passwordError('')).toBe(MESSAGES.passwordRequired)
    expect(passwordError('abc123')).toBe(MESSAGES.passwordFormat)
    expect(passwordError('a1'.repeat(17))).toBe(MESSAGES.passwordFormat)
    expect(passwordError('demo 1234')).toBe(MESSAGES.passwordFormat)
    expect(passwordError('abcdefgh')).toBe(MESSAGES.passwordMix)
    expect(passwordError('12345678')).toBe(MESSAGES.passwordMix)
    expect(passwordError('demo1234')).toBe('')
    expect(passwordError('a1'.repeat(16))).toBe('')
  })

  it('wants the repeat typed and equal', () => {
    expect(repeatError('demo1234', '')).toBe(MESSAGES.repeatRequired)
    expect(repeatError('demo1234', 'demo12345')).toBe(MESSAGES.repeatMismatch)
    expect(repeatError('demo1234', 'demo1234')).toBe('')
  })
})

describe('the login page forms', () => {
  it('signs in by password with any password typed (the server judges it) and consent', () => {
    expect(checkLogin(login({ password: 'x' }), 'signIn', 'password')).toEqual({})
    expect(checkLogin(login({ password: '' }), 'signIn', 'password')).toEqual({ password: MESSAGES.passwordRequired })
  })

  it('signs in by code without a password', () => {
    expect(checkLogin(login({ password: '' }), 'signIn', 'code')).toEqual({})
    expect(checkLogin(login({ code: '12' }), 'signIn', 'code')).toEqual({ code: MESSAGES.codeFormat })
  })

  it('will not sign in or register without consent, but resets a password without it', () => {
    expect(checkLogin(login({ agreed: false }), 'signIn')).toEqual({ agreed: MESSAGES.consent })
    expect(checkLogin(login({ agreed: false }), 'register')).toEqual({ agreed: MESSAGES.consent })
    expect(checkLogin(login({ agreed: false }), 'forgot')).toEqual({})
  })

  it('gives every failing field of a registration its own message', () => {
    const errors = checkLogin(login({ phone: '138', code: '', password: 'short', repeat: 'other', referrerCode: 'DEMO-01' }), 'register')
    expect(errors).toEqual({
      phone: MESSAGES.phoneFormat,
      code: MESSAGES.codeRequired,
      password: MESSAGES.passwordFormat,
      repeat: MESSAGES.repeatMismatch,
      referrerCode: MESSAGES.referrerFormat,
    })
    expect(isValid(errors)).toBe(false)
    expect(firstError(errors, ['phone', 'code', 'password'])).toBe('phone')
  })

  it('registers with an optional referrer code', () => {
    expect(checkLogin(login({ referrerCode: '' }), 'register')).toEqual({})
    expect(checkLogin(login({ referrerCode: 'DEMO01' }), 'register')).toEqual({})
  })

  it('binds a phone with a code and consent', () => {
    expect(checkBind({ phone: '13800000000', code: '123456', agreed: true })).toEqual({})
    expect(checkBind({ phone: '', code: '', agreed: false })).toEqual({
      phone: MESSAGES.phoneRequired,
      code: MESSAGES.codeRequired,
      agreed: MESSAGES.consent,
    })
  })
})

describe('changing the password', () => {
  it('needs the old one, a valid different new one, and the same repeat', () => {
    expect(checkChangePassword({ oldPassword: '', password: '', repeat: '' })).toEqual({
      oldPassword: MESSAGES.oldPasswordRequired,
      password: MESSAGES.passwordRequired,
      repeat: MESSAGES.repeatRequired,
    })
    expect(checkChangePassword({ oldPassword: 'demo1234', password: 'demo1234', repeat: 'demo1234' })).toEqual({
      password: MESSAGES.samePassword,
    })
    expect(checkChangePassword({ oldPassword: 'demo1234', password: 'next5678', repeat: 'next5678' })).toEqual({})
  })
})

describe('the ID-card check (GB 11643)', () => {
  it('accepts numbers whose check digit matches, X in either case', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true)
    expect(isValidIdCard('11010519491231002x')).toBe(true)
    expect(isValidIdCard('110101199003078515')).toBe(true)
  })

  it('refuses a wrong check digit, an impossible or future birth date, and other shapes', () => {
    expect(isValidIdCard('110101199003078514')).toBe(false)
    expect(isValidIdCard('110101199002308516')).toBe(false)
    expect(isValidIdCard('110101209901018510', new Date('2026-01-01'))).toBe(false)
    expect(isValidIdCard('11010519491231002')).toBe(false)
    expect(isValidIdCard('010105194912310021')).toBe(false)
    expect(isValidIdCard('')).toBe(false)
  })
})

describe('the personal-info form', () => {
  const complete: PersonForm = {
    realName: '王小明',
    gender: '男',
    idCard: '110101199003078515',
    province: '浙江省',
    city: '杭州市',
    wechatId: '',
    payoutType: PayoutAccountType.bank,
    payoutAccount: '6222020200112233445',
    payoutName: '王小明',
  }
  const nothingOnFile = { idCard: null, payoutType: null, payoutAccount: null }

  it('passes a complete form and sends it as typed', () => {
    expect(checkPerson(complete, nothingOnFile)).toEqual({})
    expect(personPayload({ ...complete, idCard: '11010519491231002x' }, nothingOnFile).idCard).toBe('11010519491231002X')
  })

  it('names each missing or malformed field', () => {
    const errors = checkPerson(
      {
        ...complete,
        realName: '王1',
        gender: '',
        idCard: '110101199003078514',
        city: '',
        wechatId: 'a b',
        payoutAccount: '1234',
        payoutName: '',
      },
      nothingOnFile,
    )
    expect(errors).toEqual({
      realName: MESSAGES.realNameFormat,
      gender: MESSAGES.genderRequired,
      idCard: MESSAGES.idCardFormat,
      city: MESSAGES.cityRequired,
      wechatId: MESSAGES.wechatIdFormat,
      payoutAccount: '银行卡号为12-30位数字',
      payoutName: MESSAGES.payoutNameRequired,
    })
  })

  it('checks the payout account by its type', () => {
    const alipay = { ...complete, payoutType: PayoutAccountType.alipay }
    expect(checkPerson({ ...alipay, payoutAccount: 'someone@example.com' }, nothingOnFile)).toEqual({})
    expect(checkPerson({ ...alipay, payoutAccount: 'someone' }, nothingOnFile).payoutAccount).toBe('支付宝账号为手机号或邮箱')
    const wechat = { ...complete, payoutType: PayoutAccountType.wechat }
    expect(checkPerson({ ...wechat, payoutAccount: 'wx_id-01' }, nothingOnFile)).toEqual({})
  })

  it('keeps the ID card and the account on file while they are left masked or empty', () => {
    const onFile = { idCard: '1101**********8515', payoutType: PayoutAccountType.bank, payoutAccount: '622****3445' }
    const masked = { ...complete, idCard: onFile.idCard, payoutAccount: onFile.payoutAccount }
    expect(checkPerson(masked, onFile)).toEqual({})
    expect(personPayload(masked, onFile)).toMatchObject({ idCard: '', payoutAccount: '' })
    expect(personPayload({ ...masked, idCard: '', payoutAccount: '' }, onFile)).toMatchObject({ idCard: '', payoutAccount: '' })
  })

  it('wants a new account when the payout type changes, and an ID card when none is on file', () => {
    const onFile = { idCard: null, payoutType: PayoutAccountType.bank, payoutAccount: '622****3445' }
    const errors = checkPerson({ ...complete, idCard: '', payoutType: PayoutAccountType.alipay, payoutAccount: '622****3445' }, onFile)
    expect(errors).toEqual({ idCard: MESSAGES.idCardRequired, payoutAccount: MESSAGES.payoutAccountRequired })
  })
})

describe('the sign-up form', () => {
  it('needs school, major, a category value, an intake year 2015-2030 and a batch 1期-20期', () => {
    expect(checkSignUp({ school: '', major: '', discipline: '学历教育', intakeYear: '2014', batch: '3期' })).toEqual({
      school: MESSAGES.schoolRequired,
      major: MESSAGES.majorRequired,
      discipline: MESSAGES.disciplineRequired,
      intake: MESSAGES.intakeRequired,
    })
    expect(
      checkSignUp({ school: '浙江开放大学', major: '会计', discipline: '学历教育(本科)-会计学(本科)', intakeYear: '2030', batch: '20期' }),
    ).toEqual({})
  })
})

describe('the region list', () => {
  it('has the 34 provincial-level divisions, each with cities and no repeats', () => {
    expect(REGIONS).toHaveLength(34)
    expect(new Set(PROVINCES).size).toBe(34)
    for (const region of REGIONS) {
      expect(region.cities.length).toBeGreaterThan(0)
      expect(new Set(region.cities).size).toBe(region.cities.length)
      for (const city of region.cities) expect(city.length).toBeLessThanOrEqual(20)
    }
    expect(citiesOf('浙江省')).toContain('杭州市')
    expect(citiesOf('火星')).toEqual([])
  })
})

describe('site documents', () => {
  it('gives tags readable inline styles and keeps an operator style after ours', () => {
    const html = documentHtml('<h3>一、定义</h3><p style="color:red">正文</p><img src="/a.png" /><strong>粗</strong>')
    expect(html).toMatch(/^<h3 style="[^"]*font-size:16px[^"]*">一、定义<\/h3>/)
    expect(html).toContain('<p style="margin:0 0 10px;font-size:14px;line-height:1.8;color:#444;color:red">正文</p>')
    expect(html).toContain('<img style="max-width:100%;height:auto" src="/a.png" />')
    expect(html).toContain('<strong>粗</strong>')
  })
})
