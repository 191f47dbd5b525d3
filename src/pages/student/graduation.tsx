import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { GraduationState } from '@activity/wire'
import { education, type GraduateRecord, type GraduationCondition, type GraduationMine } from '../../api/ems/education'
import ApprovalSteps from '../../components/approval-steps'
import EmptyNotice from '../../components/empty-notice'
import Page from '../../components/page'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { ASK_OFFICE, fixLinkOf, refusalReason, stateTone, summaryOf, unmetCount } from './components/graduation-check'
import StudentBody from './components/student-body'
import './graduation.scss'

const TITLE = routeOf('pages/student/graduation')?.title ?? '毕业审核'
const NOT_OPENED = '你所在的批次还没有开始毕业审核'

function Row({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <View className={`graduation-row graduation-row--${name}`}>
      <Text className='graduation-row__label'>{label}</Text>
      <Text className='graduation-row__value'>{value}</Text>
    </View>
  )
}

/** The graduate's head: 已毕业, the certificate's number large, the day of graduation. */
function Graduated({ title, graduate }: { title: string | null; graduate: GraduateRecord }) {
  return (
    <View className='graduation-card graduation-head graduation-head--graduated'>
      <View className='graduation-head__top'>
        <Text className='graduation-head__title'>{title ?? '毕业信息'}</Text>
        <Text className='graduation-tag graduation-tag--green graduation-head__state'>{GraduationState.graduated}</Text>
      </View>
      <View className='graduation-certificate'>
        <Text className='graduation-certificate__label'>证书编号</Text>
        <Text className='graduation-certificate__number' userSelect>
          {graduate.certificateNo}
        </Text>
      </View>
      <Row name='graduated-on' label='毕业日期' value={graduate.graduatedOn} />
    </View>
  )
}

/** One condition: ✓ met (green) or ✗ not (red), its name and what was found; one not met links to where it is fixed. */
function Condition({ condition }: { condition: GraduationCondition }) {
  const { met } = condition
  const link = met ? null : fixLinkOf(condition.kind)
  return (
    <View className={`graduation-check graduation-check--${met ? 'met' : 'unmet'}`}>
      <View className='graduation-check__mark' role='img' aria-label={met ? '已满足' : '未满足'}>
        {met ? '✓' : '✗'}
      </View>
      <View className='graduation-check__main'>
        <Text className='graduation-check__name'>{condition.name}</Text>
        {condition.detail ? <Text className='graduation-check__detail'>{condition.detail}</Text> : null}
        {met ? null : link ? (
          <View className='graduation-check__fix' {...press(() => void Taro.navigateTo({ url: link.url }), { role: 'link' })}>
            {link.label}
          </View>
        ) : (
          <Text className='graduation-check__ask'>{ASK_OFFICE}</Text>
        )}
      </View>
    </View>
  )
}

/**
 * 毕业审核: my batch's audit (its title, 毕业日期 and where I stand), or once graduated 已毕业 with
 * 证书编号 and 毕业日期; the checklist, each condition met (✓) or not (✗) with what was found and a
 * link to the page where it is fixed (其他: ask the school); a line summing it up (还有N项未满足,
 * 等待教务处提交审核 ...); and while the audit is under review or refused, its approval's steps and
 * the refusal's reason. The server decides every condition; the page only shows them.
 */
export default function StudentGraduationPage() {
  const signedIn = useRequireLogin()
  const student = useStudentLoad()
  // Again on show: back from paying, studying or uploading, a condition may be met now.
  const mine = useRemote((options) => student.remember(education.graduate.mine(undefined, options)), signedIn, {
    reloadOnShow: true,
  })
  usePullDownRefresh(() => {
    void mine.reload({ lock: true }).finally(() => void Taro.stopPullDownRefresh())
  })

  const body = (answer: GraduationMine) => {
    const { audit, checklist, state, approval, graduate } = answer
    if (!audit && !graduate) return <EmptyNotice type='page' text={NOT_OPENED} />
    const summary = summaryOf(answer)
    const reason = state === GraduationState.refused ? refusalReason(approval) : null
    const showApproval = (state === GraduationState.pending || state === GraduationState.refused) && approval && approval.steps.length
    return (
      <View className='graduation'>
        {graduate ? (
          <Graduated title={audit?.title ?? null} graduate={graduate} />
        ) : audit ? (
          <View className='graduation-card graduation-head'>
            <View className='graduation-head__top'>
              <Text className='graduation-head__title'>{audit.title}</Text>
              {state ? <Text className={`graduation-tag graduation-tag--${stateTone(state)} graduation-head__state`}>{state}</Text> : null}
            </View>
            <Row name='date' label='毕业日期' value={audit.graduationDate} />
          </View>
        ) : null}

        {checklist.length ? (
          <View className='graduation-card graduation-checklist'>
            <Text className='graduation-card__title'>毕业条件</Text>
            {summary ? (
              <Text className={`graduation-summary graduation-summary--${unmetCount(checklist) ? 'unmet' : 'met'}`}>{summary}</Text>
            ) : null}
            {checklist.map((c) => (
              <Condition key={c.key} condition={c} />
            ))}
          </View>
        ) : null}

        {showApproval ? (
          <View className='graduation-card graduation-approval'>
            <Text className='graduation-card__title'>审核进度</Text>
            {reason ? <Text className='graduation-approval__reason'>{`驳回原因：${reason}`}</Text> : null}
            {/* ApprovalSteps names its parts by a block of its own list; 毕业照片's rail fits. */}
            <ApprovalSteps steps={approval.steps} block='graduation' rail upcoming />
          </View>
        ) : null}
      </View>
    )
  }

  return (
    <Page title={TITLE}>
      <StudentBody notStudent={student.notStudent} remote={mine} stateClass='graduation-state'>
        {body}
      </StudentBody>
    </Page>
  )
}
