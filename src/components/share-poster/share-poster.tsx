import { useEffect, useRef, useState } from 'react'
import { Image, ScrollView, Text, View } from '@tarojs/components'
import { partner, type SharePoster as SharePosterData } from '../../api/ems/partner'
import { apiUrl } from '../../request'
import { useFocusTrap } from '../../platform/focus-trap'
import { press } from '../../platform/press'
import { logger } from '../../utils/logger'
import ConfirmButton from '../confirm-button'
import LoadingIndicator from '../loading-indicator'
import { PosterCanvas, renderPoster } from './canvas'
import { PosterActions, PosterPicture } from './picture'
import { posterCode, type PosterCode, type PosterSource } from './poster-code'
import './index.scss'

export interface SharePosterProps {
  /** Whether the overlay shows. @default false */
  visible?: boolean
  /** The close button was tapped. */
  onClose?: () => void
  /** Whose poster: the signed-in partner's by default; the staff workbench passes the 招生老师's. */
  source?: PosterSource
}

/** The signed-in partner's poster (a partner session). */
export const PARTNER_POSTER: PosterSource = {
  load: async () => (await partner.partner.sharePoster()).data,
  miniCode: async () => (await partner.partner.miniProgramCode({})).data,
}

export const SHARE_POSTER_TEXTS = {
  title: '分享海报',
  pick: '选择背景',
  loading: '海报生成中',
  failed: '海报加载失败',
  retry: '重新加载',
  drawFailed: '海报生成失败，请换一张背景或稍后重试',
} as const

type Status = 'idle' | 'loading' | 'failed' | 'ready'

/** Where a background's picture is: uploads are paths on the back-office (mini-programs need its origin). */
function imageSrc(url: string): string {
  return url.startsWith('/') ? apiUrl(url) : url
}

/**
 * The partner's share poster, full screen: the backgrounds the operator uploaded to pick from,
 * the poster drawn with the partner's code (the QR code of their activity link with `ref`; in the
 * WeChat mini-program the back-office's mini-program code, see poster-code.weapp.ts) and name, and the
 * way to keep it: 保存到相册 in mini-programs, a long press on H5. Whose poster comes from `source`: the partner's (a partner session) or a 招生老师's (the staff session).
 */
export default function SharePoster({ visible = false, onClose, source = PARTNER_POSTER }: SharePosterProps) {
  const [data, setData] = useState<SharePosterData | null>(null)
  const [status, setStatus] = useState<Status>('idle')
  const [chosen, setChosen] = useState(0)
  const [picture, setPicture] = useState<string | null>(null)
  const [drawFailed, setDrawFailed] = useState(false)
  const code = useRef<{ link: string; value: PosterCode } | null>(null)
  // One drawing at a time: the mini-programs draw every poster on the same canvas node.
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const load = async () => {
    setStatus('loading')
    try {
      const loaded = await source.load()
      if (!mounted.current) return
      setData(loaded)
      setChosen(0)
      setStatus('ready')
    } catch {
      // The wrapper has shown why (or nothing, offline): offer a retry.
      if (mounted.current) setStatus('failed')
    }
  }

  useEffect(() => {
    if (visible && (status === 'idle' || status === 'failed')) void load()
    // Loads when first shown (and again after a failure); `status` and `source` are read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible])

  useEffect(() => {
    if (!visible || !data) return
    let current = true
    setPicture(null)
    setDrawFailed(false)
    const background = data.backgrounds[chosen]
    const draw = async () => {
      if (code.current?.link !== data.link) code.current = { link: data.link, value: await posterCode(data, source) }
      if (!current) return
      const src = await renderPoster({
        backgroundUrl: background ? imageSrc(background.url) : null,
        qr: code.current.value.qr,
        miniCodeUrl: code.current.value.miniCodeUrl,
        name: data.name,
        code: data.code,
      })
      if (current && mounted.current) setPicture(src)
    }
    queue.current = queue.current.then(draw).catch((err: unknown) => {
      logger.warn('share poster not drawn', err)
      if (current && mounted.current) setDrawFailed(true)
    })
    return () => {
      current = false
    }
  }, [visible, data, chosen, source])

  const box = useFocusTrap(visible, () => onClose?.())
  if (!visible) return null
  return (
    <View ref={box} className='share-poster' role='dialog' aria-modal='true' aria-label={SHARE_POSTER_TEXTS.title}>
      <View className='share-poster__head'>
        <Text className='share-poster__title'>{SHARE_POSTER_TEXTS.title}</Text>
        <View className='share-poster__close' {...press(() => onClose?.(), { label: '关闭' })}>
          <Text>×</Text>
        </View>
      </View>
      <View className='share-poster__stage'>
        {status === 'failed' ? (
          <View className='share-poster__failed'>
            <Text className='share-poster__message'>{SHARE_POSTER_TEXTS.failed}</Text>
            <ConfirmButton inline title={SHARE_POSTER_TEXTS.retry} onClick={() => void load()} />
          </View>
        ) : drawFailed ? (
          <Text className='share-poster__message'>{SHARE_POSTER_TEXTS.drawFailed}</Text>
        ) : picture ? (
          <PosterPicture src={picture} />
        ) : (
          <LoadingIndicator content={SHARE_POSTER_TEXTS.loading} color='#ffffff' />
        )}
      </View>
      {data && data.backgrounds.length > 1 ? (
        <View className='share-poster__picker'>
          <Text className='share-poster__pick'>{SHARE_POSTER_TEXTS.pick}</Text>
          <ScrollView scrollX className='share-poster__backgrounds'>
            {data.backgrounds.map((b, i) => (
              <View
                key={b.id}
                className={`share-poster__background${i === chosen ? ' share-poster__background--chosen' : ''}`}
                {...press(() => setChosen(i), { role: 'radio', checked: i === chosen, label: b.name })}
              >
                {/* The name below says which background it is: the thumbnail itself is decoration (H5 alt=""). */}
                <Image className='share-poster__thumb' src={imageSrc(b.url)} mode='aspectFill' imgProps={{ alt: '' }} />
                <Text className='share-poster__thumb-name'>{b.name}</Text>
              </View>
            ))}
          </ScrollView>
        </View>
      ) : null}
      <PosterActions src={picture} />
      <PosterCanvas />
    </View>
  )
}
