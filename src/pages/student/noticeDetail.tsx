import { RichText, Text, View } from '@tarojs/components'
import { education } from '../../api/ems/education'
import Page from '../../components/page'
import { documentHtml } from '../../components/rich-document'
import { useRoute } from '../../components/router-helper'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import StudentBody from './components/student-body'
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
      <StudentBody
        notStudent={student.notStudent}
        missing={!valid || student.refused !== null ? NOTICE_MISSING : null}
        remote={notice}
        stateClass='notice-detail-state'
      >
        {(data) => (
          <View className='notice-detail'>
            <Text className='notice-detail__title'>{data.title}</Text>
            <Text className='notice-detail__time'>{formatDate(data.publishedAt, 'yyyy-MM-dd hh:mm')}</Text>
            <RichText className='notice-detail__body' nodes={documentHtml(data.content)} />
          </View>
        )}
      </StudentBody>
    </Page>
  )
}
