import { useCallback, useEffect, useRef, useState } from 'react'
import Taro, { useRouter } from '@tarojs/taro'
import { Image, RichText, Text, View } from '@tarojs/components'
import { web, type SiteContent, type SiteContentQuery } from '../../api/cms/web'
import { EmptyNotice, Page } from '../../components'
import { RequestError, apiUrl } from '../../request'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { formatDate } from '../../utils/date'
import { documentHtml } from '../../components/rich-document'
import LoadState, { type LoadStatus } from '../../components/load-state'
import './content.scss'

const TITLE = routeOf('pages/main/content')?.title ?? '内容'
const CONTENT_MISSING = '内容不存在或已删除'

/** `?id=3` or `?key=agreement`; null when neither is usable. */
function contentQueryOf(params: Record<string, string | undefined>): SiteContentQuery | null {
  const id = Number(params.id)
  if (params.id && Number.isInteger(id) && id > 0) return { id }
  const key = (params.key ?? '').trim()
  return key ? { key } : null
}

/** Uploads are paths on the back-office: mini-programs need its origin. */
const imageSrc = (url: string) => (url.startsWith('/') ? apiUrl(url) : url)

/**
 * pages/main/content (内容): one site content by `id` (or its `key`): its title, the sanitised
 * rich text and its pictures (tap to view them full screen).
 */
export default function MainContentPage() {
  const { params } = useRouter()
  const query = contentQueryOf(params)
  const [content, setContent] = useState<SiteContent | null>(null)
  const [status, setStatus] = useState<LoadStatus>('loading')
  const [missing, setMissing] = useState(query === null)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )
  const id = query?.id
  const key = query?.key

  const load = useCallback(async () => {
    if (id === undefined && key === undefined) return
    setStatus('loading')
    try {
      const { data } = await web.siteContent.detailsForClient(id !== undefined ? { id } : { key: key ?? '' })
      if (!mounted.current) return
      setContent(data)
      setStatus('ready')
    } catch (err) {
      if (!mounted.current) return
      // Not found was said by the wrapper's toast; the page says it too, without a retry.
      if (err instanceof RequestError && err.kind !== 'network') setMissing(true)
      setStatus('failed')
    }
  }, [id, key])

  useEffect(() => {
    void load()
  }, [load])

  const images = (content?.images ?? []).map(imageSrc)
  return (
    <Page title={TITLE}>
      {missing ? (
        <EmptyNotice type='page' text={CONTENT_MISSING} />
      ) : (
        <LoadState status={status} what={TITLE} onRetry={() => void load()} />
      )}
      {!missing && status === 'ready' && content ? (
        <View className='content'>
          <Text className='content__title'>{content.title}</Text>
          <Text className='content__time'>更新于 {formatDate(content.updatedAt, 'yyyy-MM-dd')}</Text>
          <RichText className='content__body' nodes={documentHtml(content.body)} />
          {images.length ? (
            <View className='content__images'>
              {images.map((src, i) => (
                <Image
                  key={src}
                  className='content__image'
                  src={src}
                  mode='widthFix'
                  imgProps={{ alt: content.title }}
                  {...press(() => void Taro.previewImage({ urls: images, current: src }), { label: `查看第 ${i + 1} 张大图` })}
                />
              ))}
            </View>
          ) : null}
        </View>
      ) : null}
    </Page>
  )
}
