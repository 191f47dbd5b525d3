import { useEffect, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { RollRequestStatus, VerifyType, type RollField } from '@activity/wire'
import { education, type RollRequest } from '../../api/ems/education'
import CodeInput, { sendVerify } from '../../components/code-input'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import SelectPicker from '../../components/select-picker'
import TextInput from '../../components/text-input'
import { toastIfNoAnswer } from '../../components/toast/no-answer'
import { useRemote } from '../../hooks/remote'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { FormCard, FormError, FormRow } from '../../components/form'
import { phoneError, type Errors } from '../../components/form/checks'
import {
  EMPTY_FORM,
  FIELD_CHOICES,
  REASON_MAX,
  ROLL_REQUEST_FIELDS,
  checkRollRequest,
  rollRequestPayload,
  valueInputOf,
  type RollRequestForm,
  type RollRequestFormField,
} from './components/roll-request-form'
import { requestTone } from './components/roll-text'
import NotStudent, { isNotStudent } from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import './rollRequest.scss'

const TITLE = routeOf('pages/student/rollRequest')?.title ?? '学籍信息修改'

function RequestItem({ request }: { request: RollRequest }) {
  return (
    <View className='roll-request'>
      <View className='roll-request__top'>
        <Text className='roll-request__field'>{request.fieldLabel}</Text>
        <Text className={`roll-request__status roll-request__status--${requestTone(request.status)}`}>{request.status}</Text>
      </View>
      <Text className='roll-request__line'>
        {request.oldValue || '—'} → {request.newValue}
      </Text>
      {request.reason ? <Text className='roll-request__line'>原因：{request.reason}</Text> : null}
      {request.status === RollRequestStatus.refused && request.refuseReason ? (
        <Text className='roll-request__refusal'>驳回原因：{request.refuseReason}</Text>
      ) : null}
      <Text className='roll-request__time'>
        申请于 {formatDate(request.createdAt, 'yyyy-MM-dd hh:mm')}
        {request.reviewedAt ? `，审核于 ${formatDate(request.reviewedAt, 'yyyy-MM-dd hh:mm')}` : ''}
      </Text>
    </View>
  )
}

/**
 * 学籍信息修改: a request to correct the name, ID number or phone on the roll (a new phone proves
 * itself with a code texted to it), checked here as the server checks it; the server's refusals
 * are shown on the form. Below, every request of mine with where it stands.
 */
export default function StudentRollRequestPage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const requests = useRemote((options) => remember(education.schoolRollInfoModify.listForClient(undefined, options)), signedIn)
  const [form, setForm] = useState<RollRequestForm>(EMPTY_FORM)
  const [errors, setErrors] = useState<Errors<RollRequestFormField>>({})
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const set = (field: RollRequestFormField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    setErrors((e) => ({ ...e, [field]: '' }))
    setRefusal('')
  }

  const chooseField = (field: RollField) => {
    // A value typed for another field means nothing for this one.
    setForm((f) => (f.field === field ? f : { ...f, field, value: '', code: '' }))
    setErrors({})
    setRefusal('')
  }

  // The code goes to the NEW phone; a malformed one is marked on its row and nothing is sent.
  const sendCode = (phone: string, type: VerifyType) => {
    const problem = phoneError(phone)
    if (problem) {
      setErrors((e) => ({ ...e, value: problem }))
      return Promise.reject(new Error(problem))
    }
    return sendVerify(phone.trim(), type)
  }

  const submit = async () => {
    const found = checkRollRequest(form, requests.data?.list ?? [])
    setErrors(found)
    setRefusal('')
    const first = ROLL_REQUEST_FIELDS.find((f) => found[f])
    if (first || !form.field || busy) return
    setBusy(true)
    try {
      await remember(education.schoolRollInfoModify.applyForClient(rollRequestPayload({ ...form, field: form.field })))
    } catch (err) {
      // The wrapper has toasted the refusal; it stays on the form too, where the person looks.
      toastIfNoAnswer(err)
      if (mounted.current) {
        // Not a student: remembered by remember (the page says so); another refusal stays on the form.
        if (!isNotStudent(err) && err instanceof RequestError && err.kind !== 'network') setRefusal(err.message)
        setBusy(false)
      }
      return
    }
    useStore.getState().showToast('已提交，请等待审核', { icon: 'success' })
    if (!mounted.current) return
    setForm(EMPTY_FORM)
    setBusy(false)
    await requests.reload({ lock: true })
  }

  const input = valueInputOf(form.field)
  const list = requests.data?.list

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <View className='roll-request-page'>
          <FormCard title='申请修改学籍信息'>
            <FormRow name='field' label='修改项' required error={errors.field}>
              <SelectPicker
                range={FIELD_CHOICES}
                rangeKey='label'
                valueKey='value'
                value={form.field || undefined}
                placeholder='请选择要修改的信息'
                onChange={(v) => chooseField(v as RollField)}
              />
            </FormRow>
            <FormRow name='value' label='修改为' required error={errors.value}>
              <TextInput
                value={form.value}
                type={input.type}
                maxlength={input.maxlength}
                placeholder={input.placeholder}
                disabled={!form.field}
                onInput={(v) => set('value', v)}
              />
            </FormRow>
            {form.field === 'phone' ? (
              <FormRow name='code' label='验证码' required error={errors.code} hint='验证码将发送到新的手机号'>
                <CodeInput
                  value={form.code}
                  phone={form.value}
                  type={VerifyType.bindPhone}
                  errorTitle='请先填写新的手机号'
                  send={sendCode}
                  onInput={(v) => set('code', v)}
                />
              </FormRow>
            ) : null}
            <FormRow name='reason' label='修改原因' error={errors.reason}>
              <TextInput
                value={form.reason}
                maxlength={REASON_MAX}
                placeholder='选填，如：与身份证不一致'
                onInput={(v) => set('reason', v)}
              />
            </FormRow>
          </FormCard>
          <FormError name='refusal' error={refusal} />
          <View className='roll-request-page__actions'>
            <ConfirmButton className='roll-request-page__submit' title='提交申请' loading={busy} onClick={() => void submit()} />
          </View>

          <View className='roll-request-page__title'>我的申请</View>
          {list ? (
            list.length ? (
              list.map((r) => <RequestItem key={r.id} request={r} />)
            ) : (
              <EmptyNotice total={0} />
            )
          ) : requests.failed ? (
            <RetryLine className='roll-request-page__state' onRetry={() => void requests.reload()} />
          ) : (
            <View className='roll-request-page__state'>
              <LoadingIndicator content='加载中' />
            </View>
          )}
        </View>
      )}
    </Page>
  )
}
