import { withParams, wxCodeStep, type WxCodeInput } from './wx-code'

const base: WxCodeInput = {
  redirectUri: 'http://192.168.1.5:10086/pages/user/loginWechat?from=%2Fpages%2Ftabbar%2Fclue',
  state: 'wechat_oauth',
  code: '',
  hosts: ['localhost', '127.0.0.1', '192.168.1.5'],
  inWechat: true,
  appId: 'wx-app',
  selfUrl: 'https://m.example.com/pages/main/wxCode?redirect_uri=x',
  alreadyWent: false,
}

describe('the wxCode helper', () => {
  it('refuses a redirect_uri whose host is not allow-listed, before anything else, even with a code', () => {
    for (const redirectUri of [
      'https://evil.example.com/steal',
      'https://localhost@evil.example.com/',
      'https://evil.example.com\\@localhost/',
      'javascript:alert(1)',
      '/pages/user/login',
    ]) {
      expect(wxCodeStep({ ...base, redirectUri, code: 'c0de' })).toEqual({ kind: 'refused', reason: 'host' })
    }
    expect(wxCodeStep({ ...base, redirectUri: '' })).toEqual({ kind: 'refused', reason: 'missing' })
  })

  it('forwards the code and the state to an allowed redirect_uri, keeping its own query', () => {
    expect(wxCodeStep({ ...base, code: 'c0de' })).toEqual({
      kind: 'forward',
      url: 'http://192.168.1.5:10086/pages/user/loginWechat?from=%2Fpages%2Ftabbar%2Fclue&code=c0de&state=wechat_oauth',
    })
  })

  it("inside WeChat without a code, goes to WeChat's authorize page coming back here with the same state", () => {
    expect(wxCodeStep(base)).toEqual({ kind: 'authorize', appId: 'wx-app', redirectUri: base.selfUrl, state: 'wechat_oauth' })
  })

  it('does not loop back to WeChat after coming back without a code', () => {
    expect(wxCodeStep({ ...base, alreadyWent: true })).toEqual({ kind: 'noCode' })
  })

  it('says to open it in WeChat outside WeChat, and when no app id is configured', () => {
    expect(wxCodeStep({ ...base, inWechat: false })).toEqual({ kind: 'openInWechat' })
    expect(wxCodeStep({ ...base, appId: '' })).toEqual({ kind: 'noAppId' })
  })

  it('replaces a code and state already in the address and keeps the hash', () => {
    expect(withParams('http://localhost/a?code=old&x=1&state=s#h', { code: 'new', state: 't' })).toBe(
      'http://localhost/a?x=1&code=new&state=t#h',
    )
    expect(withParams('http://localhost/a', { code: 'c', state: '' })).toBe('http://localhost/a?code=c&state=')
  })
})
