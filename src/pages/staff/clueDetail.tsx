import { useEffect, useRef, useState, type ReactNode } from 'react'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Text, Textarea, View } from '@tarojs/components'
import type { FollowUpMethod } from '@activity/wire'
import { partner, type StaffClueDetail, type StaffClueEvent } from '../../api/ems/partner'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import { FormCard, FormError, FormRow } from '../../components/form'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import SelectPicker from '../../components/select-picker'
import { staffIdOf } from '../../links/staff'
import { press } from '../../platform'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { asStaff, useRequireStaff } from '../../staff/session'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import {
  EMPTY_FOLLOW_UP,
  FOLLOW_UP_NOTE_MAX,
  METHOD_CHOICES,
  checkFollowUp,
  followUpPayload,
  isOpenStatus,
  isOverdue,
  isWholePhone,
  nextContactChoices,
  type FollowUpField,
  type FollowUpForm,
} from './components/staff-clues'
import './clueDetail.scss'

const TITLE = routeOf('pages/staff/clueDetail')?.title ?? '线索详情'
const MISSING = '线索不存在'
const timeText = (iso: string) => formatDate(iso, 'yyyy-MM-dd hh:mm')

function Row({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <View className={`staff-clue-row staff-clue-row--${name}`}>
      <Text className='staff-clue-row__label'>{label}</Text>
      <View className='staff-clue-row__value'>{children}</View>
    </View>
  )
}

function Head({ clue, now }: { clue: StaffClueDetail; now: number }) {
  const whole = isWholePhone(clue.phone)
  const overdue = isOverdue(clue, now)
  return (
    <View className='staff-clue-head'>
      <View className='staff-clue-head__top'>
        <Text className='staff-clue-head__name'>{clue.name}</Text>
        <Text className={`staff-clue-head__status staff-clue-head__status--${tone(clue.status)}`}>{clue.status}</Text>
        {overdue ? <Text className='staff-clue-head__overdue'>已逾期</Text> : null}
      </View>
      <Row name='phone' label='手机号'>
        <View className='staff-clue-head__phone-line'>
          <Text className='staff-clue-head__phone' userSelect>
            {clue.phone}
          </Text>
          {whole ? (
            <View
              className='staff-clue-head__call'
              {...press(() => void Taro.makePhoneCall({ phoneNumber: clue.phone }).catch(() => {}), { label: `拨打 ${clue.phone}` })}
            >
              <Text>拨打</Text>
            </View>
          ) : null}
        </View>
      </Row>
      <Row name='intention' label='意向专业'>
        <Text>{clue.intention ?? '未填写'}</Text>
      </Row>
      <Row name='partner' label='来源合伙人'>
        <Text>
          {clue.partnerCode === null ? clue.source : clue.partnerName ? `${clue.partnerName}（${clue.partnerCode}）` : clue.partnerCode}
        </Text>
      </Row>
      <Row name='source' label='来源'>
        <Text>{clue.source}</Text>
      </Row>
      {clue.remark ? (
        <Row name='remark' label='备注'>
          <Text>{clue.remark}</Text>
        </Row>
      ) : null}
      {clue.invalidReason ? (
        <Row name='invalid' label='无效原因'>
          <Text>{clue.invalidReason}</Text>
        </Row>
      ) : null}
      {clue.programme ? (
        <Row name='programme' label='成交专业'>
          <Text>{clue.programme}</Text>
        </Row>
      ) : null}
      {isOpenStatus(clue.status) && clue.nextContactAt ? (
        <Row name='next' label='下次联系'>
          <Text className={overdue ? 'staff-clue-head__late' : ''}>{timeText(clue.nextContactAt)}</Text>
        </Row>
      ) : null}
      <Row name='created' label='登记时间'>
        <Text>{timeText(clue.createdAt)}</Text>
      </Row>
    </View>
  )
}

const TONES: Record<string, string> = { 待跟进: 'new', 跟进中: 'following', 已成交: 'deal', 无效: 'invalid', 已退费: 'invalid' }
const tone = (status: string) => TONES[status] ?? 'new'

/** The clue's timeline as the console shows it, newest first: follow-ups, actions, 登记. */
function Timeline({ events }: { events: StaffClueEvent[] }) {
  return (
    <View className='staff-timeline'>
      <Text className='staff-timeline__title'>跟进记录</Text>
      {events.map((e, i) => (
        <View key={`${e.kind}-${e.at}-${i}`} className={`staff-event staff-event--${e.kind}`}>
          <View className='staff-event__rail'>
            <View className='staff-event__dot' />
            {i < events.length - 1 ? <View className='staff-event__line' /> : null}
          </View>
          <View className='staff-event__body'>
            <View className='staff-event__top'>
              <Text className='staff-event__title'>{e.title}</Text>
              {e.adminName ? <Text className='staff-event__who'>{e.adminName}</Text> : null}
            </View>
            {e.detail ? (
              <Text className='staff-event__detail' userSelect>
                {e.detail}
              </Text>
            ) : null}
            <Text className='staff-event__time'>{timeText(e.at)}</Text>
          </View>
        </View>
      ))}
    </View>
  )
}

/** 添加跟进: the method, what was said, and when to get in touch next (optional). */
function FollowUpPanel({ clueId, onAdded }: { clueId: number; onAdded: (detail: StaffClueDetail) => void }) {
  const [form, setForm] = useState<FollowUpForm>(EMPTY_FOLLOW_UP)
  const [errors, setErrors] = useState<Partial<Record<FollowUpField, string>>>({})
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const [days] = useState(() => nextContactChoices(Date.now()))
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const set = <K extends keyof FollowUpForm>(field: K, value: FollowUpForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }))
    if (field === 'method' || field === 'note') setErrors((e) => ({ ...e, [field]: '' }))
    setRefusal('')
  }

  const submit = async () => {
    const found = checkFollowUp(form)
    setErrors(found)
    setRefusal('')
    if (found.method || found.note || !form.method || busy) return
    setBusy(true)
    try {
      const { data } = await partner.clue.followUp(
        followUpPayload(clueId, { ...form, method: form.method }),
        asStaff({ loadingTitle: '正在保存' }),
      )
      useStore.getState().showToast('已添加跟进', { icon: 'success' })
      if (!mounted.current) return
      setForm(EMPTY_FOLLOW_UP)
      onAdded(data)
    } catch (err) {
      // The wrapper has toasted the refusal; it stays under the form too.
      if (mounted.current && err instanceof RequestError && err.kind !== 'network') setRefusal(err.message)
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  return (
    <View className='staff-follow-up'>
      <FormCard title='添加跟进'>
        <FormRow name='method' label='跟进方式' required error={errors.method}>
          <SelectPicker
            range={METHOD_CHOICES}
            rangeKey='label'
            valueKey='value'
            value={form.method || undefined}
            placeholder='请选择跟进方式'
            onChange={(v) => set('method', v as FollowUpMethod)}
          />
        </FormRow>
        <FormRow name='note' required error={errors.note}>
          <Textarea
            className='staff-follow-up__note'
            value={form.note}
            maxlength={FOLLOW_UP_NOTE_MAX}
            placeholder='跟进内容：沟通了什么，对方的意向'
            onInput={(e) => set('note', e.detail.value)}
          />
        </FormRow>
        <FormRow name='next' label='下次联系'>
          <SelectPicker
            range={days}
            rangeKey='label'
            valueKey='value'
            value={form.nextDate}
            placeholder='选填'
            onChange={(v) => set('nextDate', v as string)}
          />
        </FormRow>
      </FormCard>
      <FormError name='refusal' error={refusal} />
      <View className='staff-follow-up__actions'>
        <ConfirmButton className='staff-follow-up__submit' title='保存跟进' loading={busy} onClick={() => void submit()} />
      </View>
    </View>
  )
}

/**
 * 线索详情 (教职工, `?id=`): one of the operator's clues (name, phone whole when their position may
 * see it, with 拨打; intention, source partner, status, next contact), its timeline as the console
 * shows it, and 添加跟进 while it is open (待跟进 becomes 跟进中). The server's refusals stay on the form.
 */
export default function StaffClueDetailPage() {
  const { staff } = useRequireStaff()
  const route = useRoute()
  const id = staffIdOf(route.query.id)
  const [data, setData] = useState<StaffClueDetail | undefined>()
  const [state, setState] = useState<'loading' | 'failed' | 'missing' | 'ready'>('loading')
  const [now, setNow] = useState(() => Date.now())
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const load = async (lock = false) => {
    if (id === null) return setState('missing')
    try {
      const { data: detail } = await partner.clue.detailsForAdmin({ id }, asStaff({ lock }))
      if (!mounted.current) return
      setData(detail)
      setNow(Date.now())
      setState('ready')
    } catch (err) {
      if (!mounted.current) return
      setState(err instanceof RequestError && err.status === 404 ? 'missing' : 'failed')
    }
  }
  useEffect(() => {
    if (staff) void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per clue opened
  }, [staff !== null, id])
  usePullDownRefresh(() => {
    void load(true).finally(() => void Taro.stopPullDownRefresh())
  })

  const body = () => {
    if (id === null || state === 'missing') return <EmptyNotice type='page' text={MISSING} />
    if (!data)
      return state === 'failed' ? (
        <RetryLine className='staff-clue-state' onRetry={() => void load()} />
      ) : (
        <View className='staff-clue-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    return (
      <>
        <Head clue={data} now={now} />
        {isOpenStatus(data.status) ? (
          <FollowUpPanel
            clueId={data.id}
            onAdded={(detail) => {
              setData(detail)
              setNow(Date.now())
            }}
          />
        ) : null}
        <Timeline events={data.timeline} />
      </>
    )
  }

  return <Page title={TITLE}>{body()}</Page>
}
