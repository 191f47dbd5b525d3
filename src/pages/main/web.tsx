import { useEffect, useState } from 'react'
import Taro, { useRouter } from '@tarojs/taro'
import { Text, View, WebView } from '@tarojs/components'
import { develop } from '../../api/bms/develop'
import { ConfirmButton, LoadingIndicator, Page } from '../../components'
import { IS_MINI_PROGRAM } from '../../platform'
import { HOME_PATH, routeOf } from '../../routes'
import { PublicConfigKey, isAllowedUrl, parseHttpUrl } from '@activity/wire'
import { addressParam } from './components/address'
import './web.scss'

const TITLE = routeOf('pages/main/web')?.title ?? ''
const TEXTS = {
  refused: '该链接不在允许访问的范围内，已为您拦截',
  empty: '没有要打开的链接',
  failed: '暂时无法确认该链接是否安全，请稍后重试',
  home: '返回首页',
  retry: '重试',
} as const

type Check = 'checking' | 'allowed' | 'refused' | 'failed'

/**
 * pages/main/web?url=<encoded URL>: the URL in a web-view, only when its host is on the
 * back-office's allow-list (webAllowedHosts; mini-program web-views need https). Anything else is
 * refused with the reason and a way home, never opened.
 */
export default function MainWebPage() {
  const { params } = useRouter()
  const url = addressParam(params.url)
  const [check, setCheck] = useState<Check>(url ? 'checking' : 'refused')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!url) return
    let active = true
    setCheck('checking')
    develop.config
      .getByKey({ key: PublicConfigKey.webAllowedHosts })
      .then(({ data }) => {
        if (active) setCheck(isAllowedUrl({ url, hosts: data.value, httpsOnly: IS_MINI_PROGRAM }) ? 'allowed' : 'refused')
      })
      .catch(() => {
        // Without the list nothing is opened.
        if (active) setCheck('failed')
      })
    return () => {
      active = false
    }
  }, [url, attempt])

  if (check === 'allowed') {
    return (
      <Page title={TITLE}>
        <View className='web'>
          <WebView className='web__view' src={url} />
        </View>
      </Page>
    )
  }
  const host = parseHttpUrl(url)?.host
  return (
    <Page title={TITLE}>
      <View className='web-notice'>
        {check === 'checking' ? (
          <LoadingIndicator content='正在打开' />
        ) : (
          <>
            <View className={`web-notice__icon web-notice__icon--${check}`}>
              <Text>!</Text>
            </View>
            <Text className='web-notice__title'>{!url ? TEXTS.empty : check === 'failed' ? TEXTS.failed : TEXTS.refused}</Text>
            {url && check === 'refused' ? <Text className='web-notice__url'>{host ?? url}</Text> : null}
            <View className='web-notice__actions'>
              {check === 'failed' ? <ConfirmButton inline title={TEXTS.retry} onClick={() => setAttempt((n) => n + 1)} /> : null}
              <ConfirmButton
                inline
                className='web-notice__home'
                title={TEXTS.home}
                onClick={() => void Taro.reLaunch({ url: `/${HOME_PATH}` })}
              />
            </View>
          </>
        )}
      </View>
    </Page>
  )
}
