import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { RollField } from '@activity/wire'
import { education, type Roll, type RollHistoryItem, type RollRequest } from '../../api/ems/education'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import { GRADUATION_AUDIT_URL, GRADUATION_PHOTO_URL } from '../../links/graduation'
import { LEAVE_LINKS } from '../../links/leave'
import { TEXTBOOKS_URL } from '../../links/textbooks'
import { THESIS_URL } from '../../links/thesis'
import { batchText, historyTitle, majorText, statusTone } from './components/roll-text'
import './roll.scss'

const TITLE = routeOf('pages/student/roll')?.title ?? '我的学籍'
const ROLL_REQUEST_PATH = '/pages/student/rollRequest'

function Row({ label, value, pending }: { label: string; value: string | null | undefined; pending?: boolean }) {
  return (
    <View className='roll-row'>
      <Text className='roll-row__label'>{label}</Text>
      <Text className='roll-row__value'>{value || '—'}</Text>
      {pending ? <Text className='roll-row__pending'>审核中</Text> : null}
    </View>
  )
}

function Head({ roll }: { roll: Roll }) {
  return (
    <View className='roll-head'>
      <View className='roll-head__top'>
        <Text className='roll-head__name'>{roll.name}</Text>
        <Text className={`roll-status roll-status--${statusTone(roll.status)}`}>{roll.status}</Text>
      </View>
      <Text className='roll-head__line'>
        {roll.school} · {majorText(roll)}
      </Text>
      <Text className='roll-head__line'>
        {roll.educationType} · {batchText(roll)}
      </Text>
    </View>
  )
}

/** A card that opens one of the roll's things (请假, 毕业照片, 论文, 毕业审核). */
function RollLink({ name, title, note, url }: { name: string; title: string; note: string; url: string }) {
  return (
    <View
      className={`roll-card roll-link roll-link--${name}`}
      {...press(() => void Taro.navigateTo({ url }), { role: 'link', label: title })}
    >
      <View className='roll-link__main'>
        <Text className='roll-link__title'>{title}</Text>
        <Text className='roll-link__note'>{note}</Text>
      </View>
      <Text className='roll-link__go'>查看</Text>
    </View>
  )
}

/** The status history, newest first: the first entry is where the roll stands now. */
function History({ items }: { items: RollHistoryItem[] }) {
  return (
    <View className='roll-card'>
      <Text className='roll-card__title'>学籍变动</Text>
      {items.map((item, i) => (
        <View key={item.id} className={`roll-step${i === 0 ? ' roll-step--current' : ''}`}>
          <View className='roll-step__rail'>
            <View className='roll-step__dot' />
            {i < items.length - 1 ? <View className='roll-step__line' /> : null}
          </View>
          <View className='roll-step__body'>
            <Text className='roll-step__title'>{historyTitle(item)}</Text>
            {item.reason ? <Text className='roll-step__reason'>原因：{item.reason}</Text> : null}
            <Text className='roll-step__time'>{formatDate(item.createdAt, 'yyyy-MM-dd')}</Text>
          </View>
        </View>
      ))}
    </View>
  )
}

/**
 * 我的学籍: the student's roll (programme, school, major and level, batch, number, status), the
 * personal fields as the office holds them (ID number and phone masked by the server), the
 * corrections still waiting (审核中 on their field), the status history, and the ways to 申请修改,
 * to 我的请假, to 毕业照片, to 我的论文 and to 毕业审核.
 */
export default function StudentRollPage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  // Again on show: back from 学籍信息修改, a new request is waiting.
  const details = useRemote((options) => remember(education.schoolRoll.detailsForClient(undefined, options)), signedIn, {
    reloadOnShow: true,
  })
  const pending = new Set<RollRequest['field']>((details.data?.pending ?? []).map((r) => r.field))
  const roll = details.data?.roll

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : roll && details.data ? (
        <View className='roll'>
          <Head roll={roll} />
          <View className='roll-card'>
            <Text className='roll-card__title'>学籍信息</Text>
            <Row label='教育类型' value={roll.educationType} />
            <Row label='报读项目' value={roll.programme} />
            <Row label='院校' value={roll.school} />
            <Row label='专业' value={majorText(roll)} />
            <Row label='报考类别' value={roll.discipline} />
            <Row label='批次' value={batchText(roll)} />
            <Row label='学号' value={roll.studentNo} />
            <View className='roll-row'>
              <Text className='roll-row__label'>学籍状态</Text>
              <Text className={`roll-status roll-status--${statusTone(roll.status)}`}>{roll.status}</Text>
            </View>
          </View>
          <View className='roll-card'>
            <View className='roll-card__head'>
              <Text className='roll-card__title'>个人信息</Text>
              <Text className='roll-card__action' {...press(() => void Taro.navigateTo({ url: ROLL_REQUEST_PATH }), { role: 'link' })}>
                申请修改
              </Text>
            </View>
            <Row label={RollField.name} value={roll.name} pending={pending.has('name')} />
            <Row label={RollField.idCard} value={roll.idCard} pending={pending.has('idCard')} />
            <Row label={RollField.phone} value={roll.phone} pending={pending.has('phone')} />
            {pending.size ? <Text className='roll-card__note'>修改申请审核通过后，以上信息将自动更新。</Text> : null}
          </View>
          <RollLink name='leave' title='我的请假' note='请假申请、审批进度与销假' url={LEAVE_LINKS.list} />
          <RollLink name='textbooks' title='我的教材' note='确认收货地址，查看教材物流' url={TEXTBOOKS_URL} />
          {/* Always offered: whether the batch's collection, thesis work or graduation audit has begun is the page's to say. */}
          <RollLink name='photo' title='毕业照片' note='按要求上传毕业照片，查看审核进度' url={GRADUATION_PHOTO_URL} />
          <RollLink name='thesis' title='我的论文' note='选题、提交论文与答辩成绩' url={THESIS_URL} />
          <RollLink name='graduation' title='毕业审核' note='毕业条件、审核进度与毕业信息' url={GRADUATION_AUDIT_URL} />
          {details.data.history.length ? <History items={details.data.history} /> : null}
        </View>
      ) : details.failed ? (
        <RetryLine className='roll-state' onRetry={() => void details.reload()} />
      ) : (
        <View className='roll-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )}
    </Page>
  )
}
