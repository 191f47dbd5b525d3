/**
 * A phone-sized (375×667) frame for previews of partner pages, with the app's navigation bar.
 * `StoredHtml` shows rich text exactly as the back-office stored it (sanitised on save), with the
 * partner app's reading styles (src/components/rich-document): never the editor's own HTML.
 */
import type { CSSProperties, ReactNode } from 'react'
import { documentHtml } from '@activity/domain'

export function PhoneFrame({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      style={{
        width: 375,
        height: 667,
        margin: '0 auto',
        display: 'flex',
        flexDirection: 'column',
        border: '8px solid #333',
        borderRadius: 24,
        boxSizing: 'content-box',
        overflow: 'hidden',
        background: '#f5f5f5',
      }}
    >
      <div
        style={{
          height: 44,
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fff',
          borderBottom: '1px solid #eee',
          fontSize: 16,
          fontWeight: 500,
        }}
      >
        {title}
      </div>
      <div style={{ flex: 1, overflowY: 'auto' }}>{children}</div>
    </div>
  )
}

/** The back-office's stored (sanitised) HTML; the console's CSP blocks scripts and inline handlers besides. */
export function StoredHtml({ html, style }: { html: string; style?: CSSProperties }) {
  return (
    <div className='stored-html' style={{ wordBreak: 'break-word', ...style }} dangerouslySetInnerHTML={{ __html: documentHtml(html) }} />
  )
}
