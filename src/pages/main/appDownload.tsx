import { useEffect, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { develop, type AppVersion } from '../../api/bms/develop'
import { ConfirmButton, LoadingIndicator, Page } from '../../components'
import { IS_WECHAT_H5, OS, useFocusTrap } from '../../platform'
import { DEFAULT_TITLE, routeOf } from '../../routes'
import logo from '../../assets/logo.png'
import { formatDate } from '../../utils/date'
import { AppPlatform } from '@activity/wire'
import { OPENS_DOWNLOADS, openDownload } from './components/open-download'
import './appDownload.scss'

const ROUTE = routeOf('pages/main/appDownload')
const PLATFORM_NAMES: Record<AppPlatform, string> = { [AppPlatform.android]: 'Android', [AppPlatform.ios]: 'iPhone' }
const TEXTS = {
  appName: '合伙人 APP',
  download: (p: AppPlatform) => (OPENS_DOWNLOADS ? `下载 ${PLATFORM_NAMES[p]} 版` : `复制 ${PLATFORM_NAMES[p]} 版下载链接`),
  none: '暂无可下载的版本',
  failed: '版本信息加载失败，请稍后重试',
  notes: '更新说明',
  forced: '重要更新',
  wechatHint: ['点击右上角 ···', '选择「在浏览器中打开」'],
  wechatWhy: '微信内无法直接下载 APP',
} as const

type Latest = { status: 'loading' | 'failed' } | { status: 'ready'; version: AppVersion | null }

/** The person's own platform first. */
function platformsInOrder(): AppPlatform[] {
  return OS === 'ios' ? [AppPlatform.ios, AppPlatform.android] : [AppPlatform.android, AppPlatform.ios]
}

function VersionCard({ platform, latest, onDownload }: { platform: AppPlatform; latest: Latest; onDownload: (v: AppVersion) => void }) {
  const version = latest.status === 'ready' ? latest.version : null
  return (
    <View className={`app-version app-version--${platform}`}>
      <View className='app-version__head'>
        <Text className='app-version__platform'>{PLATFORM_NAMES[platform]}</Text>
        {version ? (
          <Text className='app-version__number'>
            v{version.version}
            {version.forceUpdate ? <Text className='app-version__forced'>{TEXTS.forced}</Text> : null}
          </Text>
        ) : null}
      </View>
      {latest.status === 'loading' ? (
        <LoadingIndicator content='加载中' />
      ) : latest.status === 'failed' ? (
        <Text className='app-version__empty'>{TEXTS.failed}</Text>
      ) : !version ? (
        <Text className='app-version__empty'>{TEXTS.none}</Text>
      ) : (
        <>
          <Text className='app-version__date'>发布于 {formatDate(version.releasedAt, 'yyyy-MM-dd')}</Text>
          <Text className='app-version__notes-title'>{TEXTS.notes}</Text>
          <Text className='app-version__notes'>{version.releaseNotes}</Text>
          <ConfirmButton className='app-version__download' title={TEXTS.download(platform)} onClick={() => onDownload(version)} />
        </>
      )}
    </View>
  )
}

/**
 * pages/main/appDownload: the newest released app per platform with its notes and a download
 * button. WeChat blocks downloads, so inside WeChat a hint points at "open in browser".
 */
export default function MainAppDownloadPage() {
  const [latest, setLatest] = useState<Record<AppPlatform, Latest>>({
    [AppPlatform.android]: { status: 'loading' },
    [AppPlatform.ios]: { status: 'loading' },
  })
  const [hint, setHint] = useState(IS_WECHAT_H5)
  // The hint covers the page like a dialog: focus goes into it, Escape (or a tap anywhere) closes it.
  const hintBox = useFocusTrap(hint, () => setHint(false))

  useEffect(() => {
    let active = true
    for (const platform of [AppPlatform.android, AppPlatform.ios]) {
      develop.appVersion
        .latest({ platform })
        .then(({ data }) => active && setLatest((l) => ({ ...l, [platform]: { status: 'ready', version: data } })))
        .catch(() => active && setLatest((l) => ({ ...l, [platform]: { status: 'failed' } })))
    }
    return () => {
      active = false
    }
  }, [])

  const download = (v: AppVersion) => {
    if (IS_WECHAT_H5) setHint(true)
    else void openDownload(v.downloadUrl)
  }

  return (
    <Page title={ROUTE?.title ?? ''} barBackground={ROUTE?.barBackground} barTextStyle={ROUTE?.barTextStyle}>
      <View className='app-download'>
        <View className='app-download__hero'>
          <Image className='app-download__logo' src={logo} mode='aspectFit' imgProps={{ alt: '' }} />
          <Text className='app-download__name'>{TEXTS.appName}</Text>
          <Text className='app-download__slogan'>{DEFAULT_TITLE}</Text>
        </View>
        <View className='app-download__cards'>
          {platformsInOrder().map((p) => (
            <VersionCard key={p} platform={p} latest={latest[p]} onDownload={download} />
          ))}
        </View>
      </View>
      {hint ? (
        <View
          ref={hintBox}
          className='app-download__wechat app-download__overlay'
          role='dialog'
          aria-modal='true'
          aria-label={TEXTS.wechatWhy}
          onClick={() => setHint(false)}
        >
          <View className='app-download__arrow' />
          {TEXTS.wechatHint.map((line) => (
            <Text key={line} className='app-download__wechat-hint'>
              {line}
            </Text>
          ))}
          <Text className='app-download__wechat-why'>{TEXTS.wechatWhy}</Text>
        </View>
      ) : null}
    </Page>
  )
}
