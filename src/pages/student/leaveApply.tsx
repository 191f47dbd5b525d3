import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, Textarea, View } from '@tarojs/components'
import { beijingDate, type Half } from '@activity/domain'
import type { LeaveType } from '@activity/wire'
import { approval } from '../../api/zms/approval'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import { FormCard, FormError, FormRow } from '../../components/form'
import type { Errors } from '../../components/form/checks'
import ImagePicker from '../../components/image-picker'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRoute } from '../../components/router-helper'
import SelectPicker from '../../components/select-picker'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { useStudentLoad } from '../../hooks/student-load'
import { leaveDetailUrl, leaveIdOf } from '../../links/leave'
import { RequestError, apiUrl } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import {
  HALVES,
  LEAVE_FORM_FIELDS,
  LEAVE_PICTURES_MAX,
  LEAVE_REASON_MAX,
  TYPE_CHOICES,
  checkLeave,
  endChoices,
  formLengthText,
  leaveFormOf,
  leavePayload,
  newLeaveForm,
  startChoices,
  withStart,
  type LeaveForm,
  type LeaveFormField,
} from './components/leave-form'
import './leaveApply.scss'

const TITLE = routeOf('pages/student/leaveApply')?.title ?? '请假申请'
const LEAVE_MISSING = '请假不存在'

const uploadPicture = async (filePath: string) =>
  (await approval.leave.upload({ filePath, fileName: filePath.split('/').pop() }, { loadingTitle: '正在上传' })).data.key

/** 上午 | 下午 of a start or an end. */
function HalfChoice({ label, value, onChange }: { label: string; value: Half; onChange: (half: Half) => void }) {
  return (
    <View className='leave-half' role='radiogroup' aria-label={`${label}上午或下午`}>
      {HALVES.map((half) => (
        <View
          key={half}
          className={`leave-half__item${value === half ? ' leave-half__item--on' : ''}`}
          {...press(() => onChange(half), { role: 'radio', checked: value === half })}
        >
          <Text>{half}</Text>
        </View>
      ))}
    </View>
  )
}

/**
 * 请假申请: the type, the start and the end (a date and 上午 or 下午 each, both ends included), the
 * length counted as it changes (1.5天), the reason and up to 6 pictures (a sick note ...). With
 * `?id=` the form holds a returned (已退回) leave to change and submit again. Checked here as the
 * server checks it; the server's refusals (an overlapping leave) stay on the form.
 */
export default function StudentLeaveApplyPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const editId = leaveIdOf(route.query.id)
  const editing = route.query.id !== undefined
  const student = useStudentLoad('client')
  const [today] = useState(() => beijingDate(Date.now()))
  const [form, setForm] = useState<LeaveForm>(() => newLeaveForm(today))
  const [errors, setErrors] = useState<Errors<LeaveFormField>>({})
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  // Changing a returned leave: its details fill the form once.
  const returned = useRemote(
    (options) => student.remember(approval.leave.details({ id: editId ?? 0 }, options)),
    signedIn && editId !== null,
  )
  const filled = useRef(false)
  useEffect(() => {
    if (!returned.data || filled.current) return
    filled.current = true
    setForm(leaveFormOf(returned.data.leave, apiUrl))
  }, [returned.data])

  const change = (next: (f: LeaveForm) => LeaveForm, field?: LeaveFormField) => {
    setForm(next)
    if (field) setErrors((e) => ({ ...e, [field]: '' }))
    setRefusal('')
  }

  const submit = async () => {
    const found = checkLeave(form)
    setErrors(found)
    setRefusal('')
    if (LEAVE_FORM_FIELDS.some((f) => found[f]) || !form.type || busy) return
    const payload = leavePayload({ ...form, type: form.type })
    setBusy(true)
    try {
      const { data } =
        editId !== null
          ? await approval.leave.resubmit({ id: editId, ...payload }, { loadingTitle: '正在提交' })
          : await approval.leave.apply(payload, { loadingTitle: '正在提交' })
      useStore.getState().showToast('已提交，请等待审批', { icon: 'success' })
      if (!mounted.current) return
      setBusy(false)
      // Changed from its detail: back there (it asks again on show); otherwise to the new leave's.
      if (editId !== null && Taro.getCurrentPages().length > 1) void Taro.navigateBack()
      else void Taro.redirectTo({ url: leaveDetailUrl(data.leave.id) })
    } catch (err) {
      // The wrapper has toasted the refusal; it stays on the form too, where the person looks.
      if (!mounted.current) return
      if (err instanceof RequestError && err.kind !== 'network') setRefusal(err.message)
      setBusy(false)
    }
  }

  const body = () => {
    if (student.notStudent) return <NotStudent />
    if (editing) {
      if (editId === null || student.refused !== null) return <EmptyNotice type='page' text={LEAVE_MISSING} />
      if (!returned.data)
        return returned.failed ? (
          <RetryLine className='leave-apply-state' onRetry={() => void returned.reload()} />
        ) : (
          <View className='leave-apply-state'>
            <LoadingIndicator content='加载中' />
          </View>
        )
      if (!returned.data.approval.can.resubmit) return <EmptyNotice type='page' text={`该请假${returned.data.leave.status}，不能修改`} />
    }
    const length = formLengthText(form)
    return (
      <View className='leave-apply'>
        {editing ? <Text className='leave-apply__note'>请假已被退回，修改后重新提交审批</Text> : null}
        <FormCard>
          <FormRow name='type' label='请假类型' required error={errors.type}>
            <SelectPicker
              range={TYPE_CHOICES}
              rangeKey='label'
              valueKey='value'
              value={form.type || undefined}
              placeholder='请选择请假类型'
              onChange={(v) => change((f) => ({ ...f, type: v as LeaveType }), 'type')}
            />
          </FormRow>
          <FormRow name='start' label='开始时间' required error={errors.start}>
            <View className='leave-apply__when'>
              <SelectPicker
                className='leave-apply__date'
                range={startChoices(today, form.startDate)}
                rangeKey='label'
                valueKey='value'
                value={form.startDate || undefined}
                placeholder='请选择开始日期'
                onChange={(v) => change((f) => withStart(f, v as string), 'start')}
              />
              <HalfChoice
                label='开始时间'
                value={form.startHalf}
                onChange={(half) => change((f) => withStart({ ...f, startHalf: half }, f.startDate), 'start')}
              />
            </View>
          </FormRow>
          <FormRow name='end' label='结束时间' required error={errors.end}>
            <View className='leave-apply__when'>
              <SelectPicker
                className='leave-apply__date'
                range={endChoices(form.startDate, today)}
                rangeKey='label'
                valueKey='value'
                value={form.endDate || undefined}
                placeholder='请选择结束日期'
                onChange={(v) => change((f) => ({ ...f, endDate: v as string }), 'end')}
              />
              <HalfChoice label='结束时间' value={form.endHalf} onChange={(half) => change((f) => ({ ...f, endHalf: half }), 'end')} />
            </View>
          </FormRow>
          <FormRow name='length' label='请假时长'>
            <Text className={`leave-apply__length${length ? '' : ' leave-apply__length--none'}`}>{length || '—'}</Text>
          </FormRow>
          <FormRow name='reason' required error={errors.reason}>
            <Textarea
              className='leave-apply__reason'
              value={form.reason}
              maxlength={LEAVE_REASON_MAX}
              placeholder='请填写请假事由'
              onInput={(e) => {
                const reason = e.detail.value
                change((f) => ({ ...f, reason }), 'reason')
              }}
            />
          </FormRow>
          <FormRow name='pictures' hint={`可上传病历、假条等图片，最多${LEAVE_PICTURES_MAX}张`}>
            <ImagePicker
              images={form.pictures}
              onChange={(pictures) => change((f) => ({ ...f, pictures }))}
              upload={uploadPicture}
              max={LEAVE_PICTURES_MAX}
              disabled={busy}
            />
          </FormRow>
        </FormCard>
        <FormError name='refusal' error={refusal} />
        <View className='leave-apply__actions'>
          <ConfirmButton
            className='leave-apply__submit'
            title={editing ? '重新提交' : '提交申请'}
            loading={busy}
            onClick={() => void submit()}
          />
        </View>
      </View>
    )
  }

  return <Page title={TITLE}>{body()}</Page>
}
