import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { night, type NightClassDetail } from '../../api/cms/night'
import ConfirmButton from '../../components/confirm-button'
import Dialog from '../../components/dialog'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import { press } from '../../platform'
import { CAN_SCAN, scanQrCode } from '../../platform/scan'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { checkedInText, checkInWith } from './components/check-in'
import { NOT_A_CHECK_IN_CODE, parseCheckInLink } from './components/check-in-link'
import { CHECK_IN_HINT, classTime, nightTag } from './components/night-logic'
import { nightDetailUrl } from '../../links/night'
import './detail.scss'

const TITLE = routeOf('pages/night/detail')?.title ?? '夜校课程'
const MISSING = '夜校课程不存在'
const toast = (text: string) => useStore.getState().showToast(text)

/** Why a class cannot be signed up for, when it cannot (and is not mine). */
function closedReason(c: NightClassDetail): string {
  if (c.phase === '已结束') return '课程已结束'
  if (c.phase === '进行中') return '课程已开始，报名已截止'
  if (c.seatsLeft <= 0) return '名额已满'
  return '暂不可报名'
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <View className='night-detail__row'>
      <Text className='night-detail__label'>{label}</Text>
      <Text className='night-detail__value'>{value}</Text>
    </View>
  )
}

/**
 * 夜校课程 (`?id=`): the class (time, place, teacher, seats left, introduction), my sign-up and
 * attendance; 立即报名 while it has not started and a seat is left, 取消报名 before it starts, and
 * in the weapp and WeChat's browser 扫码签到 within the check-in window (the scanned code's c/t go
 * to the server as they are). A plain browser checks in by the phone's camera opening the code.
 */
export default function NightDetailPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const raw = Number(route.query.id)
  const id = Number.isInteger(raw) && raw > 0 ? raw : null
  const [data, setData] = useState<NightClassDetail | undefined>()
  const [state, setState] = useState<'loading' | 'failed' | 'missing' | 'ready'>('loading')
  const student = useStudentLoad('answered')
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const load = async () => {
    if (id === null) return setState('missing')
    try {
      const { data: detail } = await student.remember(night.nightClass.detailsForClient({ id }, { quiet: true }))
      if (!mounted.current) return
      setData(detail)
      setState('ready')
    } catch {
      // Not a student, or gone (student.refused): said in place of the page; else a retry.
      if (mounted.current) setState('failed')
    }
  }
  useEffect(() => {
    if (signedIn) void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per class opened
  }, [signedIn, id])

  const act = async (work: () => Promise<unknown>) => {
    if (busy) return
    setBusy(true)
    try {
      await work()
    } catch (err) {
      // The wrapper has shown why; a refusal (full, started) may mean the class changed: show it as it is now.
      if (err instanceof RequestError && err.kind !== 'network') void load()
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  const signUp = () =>
    act(async () => {
      const { data: detail } = await night.nightStudent.saveForClient({ classId: data!.id }, { loadingTitle: '正在报名' })
      if (mounted.current) setData(detail)
      toast('报名成功')
    })

  const cancel = () => {
    setConfirming(false)
    return act(async () => {
      const { data: detail } = await night.nightStudent.cancelForClient({ classId: data!.id })
      if (mounted.current) setData(detail)
      toast('已取消报名')
    })
  }

  const scan = () =>
    act(async () => {
      let text: string | null
      try {
        text = await scanQrCode()
      } catch (err) {
        toast(err instanceof Error && err.message ? err.message : '扫码失败，请重试')
        return
      }
      if (text === null) return
      const code = parseCheckInLink(text)
      if (!code) {
        toast(NOT_A_CHECK_IN_CODE)
        return
      }
      const result = await checkInWith(code)
      toast(checkedInText(result))
      if (code.classId === data?.id) await load()
      else void Taro.navigateTo({ url: nightDetailUrl(code.classId) })
    })

  const body = () => {
    if (student.notStudent) return <NotStudent />
    if (state === 'missing' || student.refused !== null) return <EmptyNotice type='page' text={MISSING} />
    if (!data)
      return state === 'failed' ? (
        <RetryLine onRetry={() => void load()} />
      ) : (
        <View className='night-detail'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    const tag = nightTag(data)
    const canScan = CAN_SCAN && data.signedUp && !data.attendance && data.checkInOpen
    return (
      <>
        <View className='night-detail'>
          <View className='night-card__top'>
            <Text className='night-detail__title'>{data.title}</Text>
            <Text className={`night-tag night-tag--${tag.tone}`}>{tag.label}</Text>
          </View>
          <Row label='科目' value={data.subject} />
          <Row label='授课老师' value={data.teacher} />
          <Row label='上课时间' value={classTime(data.startsAt, data.endsAt)} />
          <Row label='上课地点' value={data.place} />
          <Row label='剩余名额' value={`${data.seatsLeft} / ${data.capacity}`} />
          {data.description ? <Text className='night-detail__intro'>{data.description}</Text> : null}
          {data.attendance ? (
            <Text className='night-detail__status'>
              已签到 · {data.attendance.way} · {formatDate(data.attendance.checkedInAt, 'MM月dd日 hh:mm')}
            </Text>
          ) : data.signedUp ? (
            <Text className='night-detail__hint'>
              {data.checkInOpen
                ? CAN_SCAN
                  ? '签到已开放，点击下方扫码签到'
                  : '签到已开放，请用手机相机扫描课堂上的签到二维码'
                : CHECK_IN_HINT}
            </Text>
          ) : null}
        </View>
        <View className='night-actions'>
          {canScan ? <ConfirmButton title='扫码签到' loading={busy} onClick={() => void scan()} className='night-actions__scan' /> : null}
          {data.signedUpAt === null && data.signUpOpen ? (
            <ConfirmButton title='立即报名' loading={busy} onClick={() => void signUp()} className='night-actions__sign-up' />
          ) : null}
          {!data.signedUp && !data.signUpOpen ? <ConfirmButton title={closedReason(data)} disabled onClick={() => undefined} /> : null}
          {data.canCancel ? (
            <View className='night-actions__cancel' {...press(() => setConfirming(true))}>
              <Text>取消报名</Text>
            </View>
          ) : null}
        </View>
      </>
    )
  }

  return (
    <Page title={TITLE} insetBottom>
      {body()}
      <Dialog
        isOpened={confirming}
        title='取消报名'
        content='取消后名额将让给其他同学，确定取消吗？'
        confirmText='取消报名'
        cancelText='再想想'
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
        onClose={() => setConfirming(false)}
      />
    </Page>
  )
}
