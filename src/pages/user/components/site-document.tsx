import { useEffect, useRef, useState } from 'react'
import { RichText, Text, View } from '@tarojs/components'
import { web } from '../../../api/cms/web'
import type { SiteContent, SiteContentKey } from '../../../api/cms/web'
import Page from '../../../components/page'
import { routeOf } from '../../../routes'
import { documentHtml } from '../../../components/rich-document'
import LoadState, { type LoadStatus } from '../../../components/load-state'
import './site-document.scss'

export interface SiteDocumentProps {
  /** The route whose title the bar shows. */
  path: string
  /** The site content's stable key. */
  contentKey: SiteContentKey
}

/**
 * A readable document served as site content (user agreement, privacy policy): its title and
 * sanitised HTML (which carries its own dates), with a spinner while it loads and a retry when it cannot.
 */
export default function SiteDocument({ path, contentKey }: SiteDocumentProps) {
  const [content, setContent] = useState<SiteContent | null>(null)
  const [status, setStatus] = useState<LoadStatus>('loading')
  const mounted = useRef(true)

  const load = async () => {
    setStatus('loading')
    try {
      const { data } = await web.siteContent.detailsForClient({ key: contentKey })
      if (!mounted.current) return
      setContent(data)
      setStatus('ready')
    } catch {
      if (mounted.current) setStatus('failed')
    }
  }

  useEffect(() => {
    void load()
    return () => {
      mounted.current = false
    }
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const title = routeOf(path)?.title ?? ''
  return (
    <Page title={title}>
      <LoadState status={status} what={title} onRetry={() => void load()} />
      {status === 'ready' && content ? (
        <View className={`user-doc user-doc--${contentKey}`}>
          <Text className='user-doc__title'>{content.title}</Text>
          <RichText className='user-doc__body' nodes={documentHtml(content.body)} />
        </View>
      ) : null}
    </Page>
  )
}
