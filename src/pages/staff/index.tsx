import { useEffect, useState } from 'react'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { beijingDate } from '@activity/domain'
import { SubscribeTemplate } from '@activity/wire'
import { statistics } from '../../api/bms/statistics'
import { system } from '../../api/bms/system'
import { study } from '../../api/sms/study'
import { attendance, type AtRisk } from '../../api/zms/attendance'
import { zhijiaotong, type HeadTeacherHome } from '../../api/zms/zhijiaotong'
import Dialog from '../../components/dialog'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import SharePoster from '../../components/share-poster'
import { useRemote } from '../../hooks/remote'
import { STAFF_LINKS, rosterUrl } from '../../links/staff'
import { press } from '../../platform'
import { STAFF_HOME_PATH, routeOf } from '../../routes'
import { STAFF_POSTER } from '../../staff/poster'
import { asStaff, signOutStaff, staffHolds, useRequireStaff, type StaffMe } from '../../staff/session'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { askSubscribe, CAN_SUBSCRIBE, prefetchSubscribeTemplates } from '../../staff/subscribe'
import { badgeText, readText, targetText } from './components/staff-approvals'
import './index.scss'

const TITLE = routeOf(STAFF_HOME_PATH)?.title ?? '工作台'

const go = (url: string) => void Taro.navigateTo({ url }).catch(() => undefined)

function halfText(date: string, half: string, today: string) {
  return `${date === today ? '今天' : formatDate(date, 'MM-dd')} ${half}`
}

/** 我的班级, 今日请假 and 通知阅读: a head teacher's part of the workbench. */
function HeadTeacher({ home, today }: { home: HeadTeacherHome; today: string }) {
  return (
    <>
      <View className='staff-home__card staff-home__classes'>
        <Text className='staff-home__title'>我的班级</Text>
        {home.classes.map((c) => (
          <View
            key={c.id}
            className='staff-home__class'
            {...press(() => go(rosterUrl(c.id)), { role: 'link', label: `${c.name}，${c.studentCount}名学员` })}
          >
            <Text className='staff-home__class-name'>{c.name}</Text>
            <Text className='staff-home__class-count'>{`${c.studentCount}名学员`}</Text>
            <Text className='staff-home__arrow'>›</Text>
          </View>
        ))}
      </View>
      <View className='staff-home__card staff-home__leaves'>
        <Text className='staff-home__title'>{`今日请假（${home.onLeaveToday.length}）`}</Text>
        {home.onLeaveToday.length ? (
          home.onLeaveToday.map((l) => (
            <View key={l.leaveId} className='staff-home__leave'>
              <View className='staff-home__leave-top'>
                <Text className='staff-home__leave-name'>{l.name}</Text>
                <Text className='staff-home__leave-type'>{l.type}</Text>
                <Text className='staff-home__leave-days'>{l.daysText}</Text>
              </View>
              <Text className='staff-home__leave-span'>
                {`${halfText(l.startDate, l.startHalf, today)} 至 ${halfText(l.endDate, l.endHalf, today)}${l.className ? ` · ${l.className}` : ''}`}
              </Text>
            </View>
          ))
        ) : (
          <Text className='staff-home__none'>今天没有学员请假</Text>
        )}
      </View>
      <View className='staff-home__card staff-home__notices'>
        <Text className='staff-home__title'>通知阅读</Text>
        {home.notices.length ? (
          home.notices.map((n) => (
            <View key={n.id} className='staff-home__notice'>
              <View className='staff-home__notice-main'>
                <Text className='staff-home__notice-title'>{n.title}</Text>
                <Text className='staff-home__notice-date'>{n.publishedAt ? formatDate(n.publishedAt, 'yyyy-MM-dd') : ''}</Text>
              </View>
              <Text className='staff-home__notice-read'>{readText(n.read, n.audience)}</Text>
            </View>
          ))
        ) : (
          <Text className='staff-home__none'>暂无通知</Text>
        )}
      </View>
    </>
  )
}

/**
 * 考勤预警: the head teacher's students whose absence rate passed the threshold, worst first, each
 * with their class, rate, 缺勤/应出勤 and when they were warned; the rule under them.
 */
function AtRiskCard({ risk }: { risk: AtRisk }) {
  return (
    <View className='staff-home__card staff-home__risk'>
      <Text className='staff-home__title'>{`考勤预警（${risk.rows.length}）`}</Text>
      <Text className='staff-home__rule'>{`缺勤率达 ${risk.thresholdPercent}% 即预警（上满 ${risk.minSessions} 次课起）`}</Text>
      {risk.rows.map((r) => (
        <View key={r.studentId} className='staff-home__risk-row'>
          <View className='staff-home__risk-top'>
            <Text className='staff-home__risk-name'>{r.name}</Text>
            <Text className='staff-home__risk-class'>{r.className}</Text>
            <Text className='staff-home__risk-rate'>{`缺勤率 ${r.absenceRate ?? 0}%`}</Text>
          </View>
          <Text className='staff-home__risk-line'>
            {`缺勤 ${r.absent}/应出勤 ${r.denominator}${r.warnedAt ? ` · 已预警 ${beijingDate(Date.parse(r.warnedAt)).slice(5)}` : ''}`}
          </Text>
        </View>
      ))}
      <Text className='staff-home__rule staff-home__rule--foot'>{risk.rule.text}</Text>
    </View>
  )
}

/** A figure of a card: the number over its label. */
function Figure({ value, label, name }: { value: number | null | undefined; label: string; name: string }) {
  return (
    <View className={`staff-home__figure staff-home__figure--${name}`}>
      <Text className='staff-home__figure-value'>{value ?? '-'}</Text>
      <Text className='staff-home__figure-label'>{label}</Text>
    </View>
  )
}

/**
 * 工作台 (教职工): what the operator holds. A head teacher (heading classes): 我的班级 (each to its
 * roster), 今日请假, how many of their students read each notice and 考勤预警 (when any student is at
 * risk); every operator: 审批 with the number waiting for them, 课表点名; an enrolment teacher (clues.work): this month's figures and overdue
 * contacts, to 我的线索, their target and 我的推广海报 (their own share poster); a teacher (studentQuestions.answer): questions waiting, to 答疑. 退出登录
 * ends only the staff session. Asked again on show and on a pull-down.
 */
export default function StaffHomePage() {
  const { staff, failed, retry } = useRequireStaff()
  const signedIn = staff !== null
  const clues = staffHolds(staff, 'clues.work')
  const teaches = staffHolds(staff, 'studentQuestions.answer')
  const home = useRemote((options) => zhijiaotong.page.homePageForHeaderTeacher(undefined, asStaff(options)), signedIn, {
    reloadOnShow: true,
  })
  const dashboard = useRemote(
    (options) => system.dashboard.overview({ overdueLimit: 5 }, asStaff({ ...options, quiet: true })),
    signedIn && clues && staffHolds(staff, 'dashboard.view'),
    { reloadOnShow: true },
  )
  // This month's 招生目标: the teacher's own row (a teacher sees theirs with clues.work).
  const target = useRemote((options) => statistics.enrollTarget.statistics({}, asStaff({ ...options, quiet: true })), signedIn && clues, {
    reloadOnShow: true,
  })
  const questions = useRemote(
    (options) => study.studentQuestion.list({ status: '待回复', closed: false, page: 1, size: 1 }, asStaff({ ...options, quiet: true })),
    signedIn && teaches && staffHolds(staff, 'studentQuestions.view'),
    { reloadOnShow: true },
  )
  // 考勤预警: a head teacher's (the workbench's answer says whether they head classes).
  const atRisk = useRemote(
    (options) => attendance.attendanceRecord.atRisk({}, asStaff({ ...options, quiet: true })),
    signedIn && (home.data?.classes.length ?? 0) > 0,
    { reloadOnShow: true },
  )
  const [leaving, setLeaving] = useState(false)
  const [poster, setPoster] = useState(false)
  const [today] = useState(() => beijingDate(Date.now()))
  // 订阅审批提醒: the ids are fetched before the tap (WeChat asks only from within the tap itself),
  // once signed in and again on show (after a failed fetch).
  useEffect(() => {
    if (CAN_SUBSCRIBE && signedIn) prefetchSubscribeTemplates('staff')
  }, [signedIn])
  useDidShow(() => {
    if (CAN_SUBSCRIBE && signedIn) prefetchSubscribeTemplates('staff')
  })

  usePullDownRefresh(() => {
    const reloads = [
      home.reload({ lock: true }),
      dashboard.reload({ lock: true }),
      target.reload({ lock: true }),
      questions.reload({ lock: true }),
      atRisk.reload({ lock: true }),
    ]
    void Promise.all(reloads).finally(() => void Taro.stopPullDownRefresh())
  })

  const body = (me: StaffMe, data: HeadTeacherHome) => {
    const waiting = badgeText(data.waitingApprovals)
    const figures = dashboard.data
    const mine = target.data?.teachers.find((t) => t.adminId === me.id)
    return (
      <View className='staff-home'>
        <View className='staff-home__me'>
          <View className='staff-home__who'>
            <Text className='staff-home__name'>{me.name}</Text>
            <Text className='staff-home__role'>{me.role}</Text>
          </View>
          <View className='staff-home__signout' {...press(() => setLeaving(true))}>
            <Text>退出登录</Text>
          </View>
        </View>

        <View className='staff-home__card'>
          <View
            className='staff-home__approvals'
            {...press(() => go(STAFF_LINKS.approvals), {
              role: 'link',
              label: `待我审批，${waiting ? `${data.waitingApprovals}条待审批` : '暂无待办'}`,
            })}
          >
            <Text className='staff-home__entry'>待我审批</Text>
            {waiting ? <Text className='staff-home__badge'>{waiting}</Text> : <Text className='staff-home__muted'>暂无待办</Text>}
            <Text className='staff-home__arrow'>›</Text>
          </View>
          {CAN_SUBSCRIBE ? (
            <View
              className='staff-home__subscribe'
              {...press(() => void askSubscribe([SubscribeTemplate.approval], 'staff').then(() => useStore.getState().showToast('已订阅')))}
            >
              <Text>订阅审批提醒</Text>
            </View>
          ) : null}
        </View>

        <View
          className='staff-home__card staff-home__sessions'
          {...press(() => go(STAFF_LINKS.sessions), { role: 'link', label: '课表点名' })}
        >
          <Text className='staff-home__entry'>课表点名</Text>
          <Text className='staff-home__muted'>投屏签到 · 点名</Text>
          <Text className='staff-home__arrow'>›</Text>
        </View>

        {data.classes.length ? <HeadTeacher home={data} today={today} /> : null}
        {data.classes.length && atRisk.data?.rows.length ? <AtRiskCard risk={atRisk.data} /> : null}

        {clues ? (
          <View
            className='staff-home__card staff-home__clues'
            {...press(() => go(STAFF_LINKS.clues), { role: 'link', label: '招生工作，我的线索' })}
          >
            <View className='staff-home__card-top'>
              <Text className='staff-home__title'>招生工作</Text>
              <Text className='staff-home__more'>我的线索 ›</Text>
            </View>
            {figures ? (
              <View className='staff-home__figures'>
                <Figure name='overdue' value={figures.todos.overdueClues ?? figures.overdueContacts.length} label='逾期未联系' />
                <Figure name='new' value={figures.cycle.newClues} label='本月新线索' />
                <Figure name='deals' value={figures.cycle.deals} label='本月成交' />
              </View>
            ) : null}
            {mine ? <Text className='staff-home__target'>{targetText(mine)}</Text> : null}
          </View>
        ) : null}

        {clues ? (
          <View className='staff-home__card staff-home__poster' {...press(() => setPoster(true), { label: '我的推广海报' })}>
            <Text className='staff-home__entry'>我的推广海报</Text>
            <Text className='staff-home__muted'>留资即为我的线索</Text>
            <Text className='staff-home__arrow'>›</Text>
          </View>
        ) : null}

        {teaches ? (
          <View
            className='staff-home__card staff-home__questions'
            {...press(() => go(STAFF_LINKS.questions), {
              role: 'link',
              label: `学员答疑${questions.data ? `，${questions.data.total ? `${questions.data.total}条待回复` : '暂无待回复'}` : ''}`,
            })}
          >
            <Text className='staff-home__entry'>学员答疑</Text>
            {questions.data ? (
              <Text className='staff-home__muted'>{questions.data.total ? `${questions.data.total}条待回复` : '暂无待回复'}</Text>
            ) : null}
            <Text className='staff-home__arrow'>›</Text>
          </View>
        ) : null}

        <Dialog
          isOpened={leaving}
          title='退出登录'
          content='退出后需重新输入账号密码登录，确定退出吗？'
          confirmText='退出'
          onConfirm={() => {
            setLeaving(false)
            void signOutStaff()
          }}
          onCancel={() => setLeaving(false)}
          onClose={() => setLeaving(false)}
        />
        {clues ? <SharePoster visible={poster} onClose={() => setPoster(false)} source={STAFF_POSTER} /> : null}
      </View>
    )
  }

  return (
    <Page title={TITLE}>
      {staff && home.data ? (
        body(staff, home.data)
      ) : failed || home.failed ? (
        <RetryLine className='staff-home-state' onRetry={() => (failed ? retry() : void home.reload())} />
      ) : (
        <View className='staff-home-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )}
    </Page>
  )
}
