import { useEffect, useState } from 'react'
import Taro, { useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { develop } from '../../api/bms/develop'
import { ConfirmButton, LoadingIndicator, Page } from '../../components'
import { IS_WECHAT_H5 } from '../../platform'
import { HOME_PATH, LOGIN_PATH, STAFF_LOGIN_PATH, routeOf } from '../../routes'
import { launchSettled, loginUrl, returnAddress } from '../../session'
import { OAUTH_STATE, STAFF_OAUTH_STATE, officialAppId, wechatAuthorizeUrl } from '../../session/wechat-oauth'
import { storageKey } from '../../store/storage'
import { PublicConfigKey, parseHttpUrl } from '@activity/wire'
import { addressParam } from './components/address'
import { leaveTo, ownAddress, sessionFlag, setSessionFlag } from './components/browser'
import { wxCodeStep, type WxCodeStep } from './components/wx-code'
import './wxCode.scss'

const PATH = 'pages/main/wxCode'
const WENT_KEY = storageKey('wxcode_went')
// Back from WeChat within this long without a code means it gave none: say so rather than go again.
const WENT_WINDOW_MS = 120_000

const TEXTS = {
  refusedHost: '回调地址不在允许的范围内，已拒绝跳转',
  refusedMissing: '缺少回调地址（redirect_uri），无法完成授权',
  openInWechat: '请在微信中打开此页面完成授权',
  noAppId: '未配置公众号 AppID，无法获取微信授权',
  noCode: '未获取到微信授权，请返回重新进入',
  failed: '暂时无法确认回调地址是否安全，请稍后重试',
  going: '正在跳转',
  home: '返回首页',
  login: '去登录',
  retry: '重试',
} as const

type View_ = { kind: 'checking' } | { kind: 'failed' } | WxCodeStep

/**
 * Our own OAuth round trip (state wechat_oauth, or staff_oauth for 教职工, back to a page of this
 * app): the page it was for, so a round trip that cannot finish goes on to the login page with it
 * as `from`.
 */
function ownReturn(redirectUri: string, state: string): string | null {
  const own = ownAddress('')
  if ((state !== OAUTH_STATE && state !== STAFF_OAUTH_STATE) || !own || !redirectUri.startsWith(`${own}/`)) return null
  const [pathAndQuery = ''] = redirectUri.slice(own.length).split('#')
  const [path = '', query = ''] = pathAndQuery.split('?')
  const kept = query.split('&').filter((pair) => pair !== '' && !/^(code|state)(=|$)/.test(pair))
  return returnAddress(kept.length ? `${path}?${kept.join('&')}` : path)
}

function messageOf(view: View_): string {
  switch (view.kind) {
    case 'refused':
      return view.reason === 'host' ? TEXTS.refusedHost : TEXTS.refusedMissing
    case 'openInWechat':
      return TEXTS.openInWechat
    case 'noAppId':
      return TEXTS.noAppId
    case 'noCode':
      return TEXTS.noCode
    case 'failed':
      return TEXTS.failed
    default:
      return ''
  }
}

/**
 * pages/main/wxCode?redirect_uri=<encoded>&state=<state> (no title): the WeChat OAuth helper of
 * the local development host (see components/wx-code.ts). Only hosts on oauthRedirectHosts ever
 * receive a code.
 */
export default function MainWxCodePage() {
  const { params } = useRouter()
  const redirectUri = addressParam(params.redirect_uri)
  const state = params.state ?? ''
  const code = params.code ?? ''
  const [view, setView] = useState<View_>({ kind: 'checking' })
  const [attempt, setAttempt] = useState(0)
  const back = ownReturn(redirectUri, state)
  // The operator's round trip goes on to 教职工登录, the person's to the login page.
  const toLogin = back ? loginUrl(back, state === STAFF_OAUTH_STATE ? STAFF_LOGIN_PATH : LOGIN_PATH) : null

  useEffect(() => {
    let active = true
    setView({ kind: 'checking' })
    Promise.all([develop.config.getByKey({ key: PublicConfigKey.oauthRedirectHosts }), launchSettled()])
      .then(([{ data }]) => {
        if (!active) return
        const step = wxCodeStep({
          redirectUri,
          state,
          code,
          hosts: data.value,
          inWechat: IS_WECHAT_H5,
          appId: officialAppId(),
          selfUrl: ownAddress(`/${PATH}?redirect_uri=${encodeURIComponent(redirectUri)}`),
          alreadyWent: sessionFlag(WENT_KEY, WENT_WINDOW_MS),
        })
        setView(step)
        if (step.kind === 'forward') {
          setSessionFlag(WENT_KEY, false)
          leaveTo(step.url)
        } else if (step.kind === 'authorize') {
          setSessionFlag(WENT_KEY, true)
          leaveTo(wechatAuthorizeUrl(step.appId, step.redirectUri, step.state))
        } else if ((step.kind === 'noAppId' || step.kind === 'noCode') && toLogin) {
          // Our own sign-in could not finish in WeChat: sign in on the login page instead, never loop.
          void Taro.redirectTo({ url: toLogin })
        }
      })
      .catch(() => {
        // Without the list no code is forwarded anywhere.
        if (active) setView({ kind: 'failed' })
      })
    return () => {
      active = false
    }
  }, [redirectUri, state, code, attempt, toLogin])

  const leaving = view.kind === 'checking' || view.kind === 'forward' || view.kind === 'authorize'
  const refusedHost = view.kind === 'refused' && view.reason === 'host' ? (parseHttpUrl(redirectUri)?.host ?? redirectUri) : null
  return (
    <Page title={routeOf(PATH)?.title ?? ''}>
      <View className='wx-code'>
        {leaving ? (
          <LoadingIndicator content={TEXTS.going} />
        ) : (
          <View className={`wx-code__card wx-code__card--${view.kind}`}>
            <View className='wx-code__icon'>
              <Text>!</Text>
            </View>
            <Text className='wx-code__message'>{messageOf(view)}</Text>
            {refusedHost ? <Text className='wx-code__host'>{refusedHost}</Text> : null}
            <View className='wx-code__actions'>
              {view.kind === 'failed' ? <ConfirmButton inline title={TEXTS.retry} onClick={() => setAttempt((n) => n + 1)} /> : null}
              {toLogin ? <ConfirmButton inline title={TEXTS.login} onClick={() => void Taro.redirectTo({ url: toLogin })} /> : null}
              <ConfirmButton inline title={TEXTS.home} onClick={() => void Taro.reLaunch({ url: `/${HOME_PATH}` })} />
            </View>
          </View>
        )}
      </View>
    </Page>
  )
}
