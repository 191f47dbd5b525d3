import { RichText, Text, View } from '@tarojs/components'
import { education } from '../../api/ems/education'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { documentHtml } from '../../components/rich-document'
import { useRoute } from '../../components/router-helper'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import NotStudent from '../../components/not-student'
import './noticeDetail.scss'

const TITLE = routeOf('pages/student/noticeDetail')?.title ?? '通知详情'
const NOTICE_MISSING = '通知不存在或已下架'

/**
 * 通知详情 (`?id=`): one of my notices, its sanitised rich text through the rich-document styles.
 * The server marks it read as it answers, so the list shows it read afterwards.
 */
export default function StudentNoticeDetailPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const id = Number(route.query.id)
  const valid = Number.isInteger(id) && id > 0
  // Not published, taken down or not addressed to me: the wrapper toasted it; no retry.
  const student = useStudentLoad('answered')
  const notice = useRemote((options) => student.remember(education.notices.detailsForClient({ id }, options)), signedIn && valid)

  return (
    <Page title={TITLE}>
      {student.notStudent ? (
        <NotStudent />
      ) : !valid || student.refused !== null ? (
        <EmptyNotice type='page' text={NOTICE_MISSING} />
      ) : notice.data ? (
        <View className='notice-detail'>
          <Text className='notice-detail__title'>{notice.data.title}</Text>
          <Text className='notice-detail__time'>{formatDate(notice.data.publishedAt, 'yyyy-MM-dd hh:mm')}</Text>
          <RichText className='notice-detail__body' nodes={documentHtml(notice.data.content)} />
        </View>
      ) : notice.failed ? (
        <RetryLine className='notice-detail-state' onRetry={() => void notice.reload()} />
      ) : (
        <View className='notice-detail-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )}
    </Page>
  )
}
