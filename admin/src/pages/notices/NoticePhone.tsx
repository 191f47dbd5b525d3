/**
 * The notice as a student's phone shows it (pages/student/noticeDetail, 通知详情): the title, when
 * it was published and the content the back-office stored (sanitised), never the editor's HTML.
 */
import type { Notice } from '../../api/notices'
import { PhoneFrame, StoredHtml } from '../../components/PhonePreview'
import { formatDateTime } from '../../format'

export function NoticePhone({ notice }: { notice: Pick<Notice, 'title' | 'content' | 'publishedAt'> }) {
  return (
    <PhoneFrame title='通知详情' testId='notice-phone'>
      <div className='phone-card phone-card--content'>
        <div className='phone-title'>{notice.title}</div>
        <div className='phone-meta'>{notice.publishedAt ? `发布于 ${formatDateTime(notice.publishedAt)}` : '尚未发布'}</div>
        <StoredHtml html={notice.content} />
      </div>
    </PhoneFrame>
  )
}
