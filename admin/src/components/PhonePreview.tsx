/**
 * A phone-sized (375×667) frame for previews of partner pages, with the app's navigation bar.
 * `StoredHtml` shows rich text exactly as the back-office stored it (sanitised on save), with the
 * partner app's reading styles (src/components/rich-document): never the editor's own HTML.
 */
import type { CSSProperties, ReactNode } from 'react'
import { documentHtml } from '@activity/domain'
import './PhonePreview.css'

export function PhoneFrame({
  title,
  children,
  testId,
  dark = false,
}: {
  title: string
  children: ReactNode
  testId?: string
  dark?: boolean
}) {
  return (
    <div data-testid={testId} className={dark ? 'phone-frame phone-frame--dark' : 'phone-frame'}>
      <div className='phone-frame__bar'>{title}</div>
      <div className='phone-frame__body'>{children}</div>
    </div>
  )
}

/** The back-office's stored (sanitised) HTML; the console's CSP blocks scripts and inline handlers besides. */
export function StoredHtml({ html, style }: { html: string; style?: CSSProperties }) {
  return <div className='stored-html' style={style} dangerouslySetInnerHTML={{ __html: documentHtml(html) }} />
}
