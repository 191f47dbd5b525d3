/**
 * The rich-text editor as a form control (value/onChange), loaded on first use: TipTap and
 * ProseMirror are a chunk of their own that only the activity and content editors fetch.
 */
import { Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import type { RichTextEditorProps } from './RichTextEditor'

const RichTextEditor = lazy(() => import('./RichTextEditor'))

export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  )
}
