import Taro from '@tarojs/taro'
import { user as userCalls } from '../api/ums/user'
import { LOGIN_PLATFORM } from '../platform'
import { MESSAGES, RequestError } from '../request'
import { useStore } from '../store'
import { LoginType, YesNo, type LoginPlatform } from '@activity/wire'
import { acceptSignIn, refreshUserInfo } from './flows'
import type { UserInfo } from './types'

/**
 * The mini-program's automatic login at launch (SPEC.md section 4): when checkOpenId does not
 * answer 是, the host's login code (wx.login / my.getAuthCode through Taro.login) is exchanged
 * with signIn (type 小程序). An open id bound to a partner signs them in; an unbound one signs no
 * one in, and the person can still use the login page. When the open id is bound, the server's
 * session already holds the person: they are loaded if this device does not know them yet.
 */
export async function autoLoginMini(platform: LoginPlatform | null = LOGIN_PLATFORM): Promise<UserInfo | null> {
  if (!platform) return null
  const type = LoginType.miniProgram
  const check = await userCalls.user.checkOpenId({ platform, type }, { lock: true })
  if (check.data === YesNo.yes) {
    const known = useStore.getState().user
    return known ?? (await refreshUserInfo('miniProgram'))
  }
  let code: string
  try {
    code = (await Taro.login()).code
  } catch (err) {
    throw new RequestError('network', MESSAGES.loginCodeFailed + (err instanceof Error ? `: ${err.message}` : ''))
  }
  if (!code) throw new RequestError('network', MESSAGES.loginCodeFailed)
  return acceptSignIn(userCalls.user.signIn({ platform, signCode: code, type }, { lock: true }), 'miniProgram')
}
