import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { partner as partnerCalls, type PartnerProfile } from '../../api/ems/partner'
import CategoryPicker from '../../components/category-picker'
import ConfirmButton from '../../components/confirm-button'
import MultiSelectPicker from '../../components/multi-select-picker'
import Page from '../../components/page'
import TextInput from '../../components/text-input'
import { toastIfNoAnswer } from '../../components/toast/no-answer'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { refreshUserInfo, useFormInfo, useRequireLogin, type FormInfo } from '../../session'
import { useStore } from '../../store'
import { BATCHES, INTAKE_YEARS, PartnerStatus } from '@activity/wire'
import { FormCard, FormRow } from '../../components/form'
import LoadState, { type LoadStatus } from '../../components/load-state'
import { SIGN_UP_FIELDS, checkSignUp, firstError, type Errors, type SignUpField, type SignUpForm } from './validate'
import './partner.scss'

const TITLE = routeOf('pages/user/partner')?.title ?? ''

/** The form from the profile, with school, major and discipline prefilled from the form info where the profile has none. */
export function signUpFormOf(profile: PartnerProfile, info: Pick<FormInfo, 'school' | 'major' | 'discipline'>): SignUpForm {
  const s = profile.signUp
  return {
    school: s.school || info.school,
    major: s.major || info.major,
    discipline: s.discipline || info.discipline,
    intakeYear: s.intakeYear ?? '',
    batch: s.batch ?? '',
  }
}

/** What the status card says for each review status. */
export const STATUS_TEXTS: Record<PartnerStatus, { title: string; text: string }> = {
  [PartnerStatus.incomplete]: { title: '尚未提交', text: '填写报名信息并完善个人信息后，即可提交审核。' },
  [PartnerStatus.pending]: { title: '资料审核中', text: '资料已提交，工作人员会在1-3个工作日内完成审核，请耐心等待。' },
  [PartnerStatus.rejected]: { title: '审核未通过', text: '请根据以下原因修改报名信息后重新提交。' },
  [PartnerStatus.active]: { title: '审核已通过', text: '您已成为合伙人，快去分享海报、推荐学员报名吧。' },
  [PartnerStatus.disabled]: { title: '账号已禁用', text: '您的合伙人账号已被禁用，如有疑问请联系客服。' },
}

function StatusCard({ profile, onReapply, editing }: { profile: PartnerProfile; onReapply: () => void; editing: boolean }) {
  const texts = STATUS_TEXTS[profile.status] ?? { title: profile.status, text: '' }
  const needsPersonal =
    profile.missing.personal && (profile.status === PartnerStatus.incomplete || profile.status === PartnerStatus.rejected)
  return (
    <View
      className={`user-partner-status user-partner-status--${Object.entries(PartnerStatus).find(([, v]) => v === profile.status)?.[0] ?? 'other'}`}
    >
      <View className='user-partner-status__head'>
        <Text className='user-partner-status__title'>{texts.title}</Text>
        <Text className='user-partner-status__badge'>{profile.status}</Text>
      </View>
      <Text className='user-partner-status__text'>{texts.text}</Text>
      {profile.status === PartnerStatus.rejected && profile.rejectReason ? (
        <View className='user-partner-status__reason'>拒绝原因：{profile.rejectReason}</View>
      ) : null}
      {needsPersonal ? (
        <View
          className='user-partner-status__todo'
          {...press(() => void Taro.navigateTo({ url: '/pages/user/person' }).catch(() => undefined), {
            role: 'link',
            label: '个人信息尚未完善，去填写',
          })}
        >
          <Text>个人信息尚未完善</Text>
          <Text className='user-partner-status__todo-link'>去填写 ›</Text>
        </View>
      ) : null}
      {profile.status === PartnerStatus.rejected && !editing ? (
        <View className='user-partner-status__action'>
          <ConfirmButton inline className='user-partner__reapply' title='重新提交' onClick={onReapply} />
        </View>
      ) : null}
    </View>
  )
}

/**
 * pages/user/partner (填写报名信息): school, major, discipline (the two-level category picker),
 * intake year and batch, prefilled from the session's form info; and the review status: waiting,
 * rejected with the reason and a way to resubmit, approved, disabled.
 */
export default function UserPartnerPage() {
  const signedIn = useRequireLogin()
  const formInfo = useFormInfo()
  const [status, setStatus] = useState<LoadStatus>('loading')
  const [profile, setProfile] = useState<PartnerProfile | null>(null)
  const [form, setForm] = useState<SignUpForm>({ school: '', major: '', discipline: '', intakeYear: '', batch: '' })
  const [editing, setEditing] = useState(false)
  const [errors, setErrors] = useState<Errors<SignUpField>>({})
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const show = (data: PartnerProfile) => {
    setProfile(data)
    setForm(signUpFormOf(data, formInfo))
    setEditing(data.status === PartnerStatus.incomplete)
    setErrors({})
  }

  const load = async () => {
    setStatus('loading')
    try {
      const { data } = await partnerCalls.client.signInfo()
      if (!mounted.current) return
      show(data)
      setStatus('ready')
    } catch {
      if (mounted.current) setStatus('failed')
    }
  }

  useEffect(() => {
    if (signedIn) void load()
    // Loads once signed in (the guard sends anyone else to login).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn])

  const set = (field: keyof SignUpForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    const key: SignUpField = field === 'intakeYear' || field === 'batch' ? 'intake' : field
    if (errors[key]) setErrors((e) => ({ ...e, [key]: '' }))
  }

  const submit = async () => {
    const found = checkSignUp(form)
    setErrors(found)
    const first = firstError(found, SIGN_UP_FIELDS)
    if (first) {
      Taro.pageScrollTo({ selector: `#field-${first}`, duration: 200 }).catch(() => undefined)
      return
    }
    if (busy) return
    setBusy(true)
    try {
      const { data } = await partnerCalls.client.saveSignUp({
        school: form.school.trim(),
        major: form.major.trim(),
        discipline: form.discipline,
        intakeYear: form.intakeYear,
        batch: form.batch,
      })
      if (!mounted.current) return
      show(data)
      useStore.getState().showToast(data.status === PartnerStatus.pending ? '提交成功，请等待审核' : '保存成功', { icon: 'success' })
      Taro.pageScrollTo({ scrollTop: 0, duration: 200 }).catch(() => undefined)
      // The session user carries school, major, discipline and the status.
      void refreshUserInfo().catch(() => undefined)
    } catch (err) {
      // The wrapper has shown the refusal (no answer: said here); the form stays as typed.
      toastIfNoAnswer(err)
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  const thisYear = String(new Date().getFullYear())
  const pickerYear = form.intakeYear || (INTAKE_YEARS.includes(thisYear) ? thisYear : '')
  const buttonTitle = profile?.status === PartnerStatus.rejected ? '重新提交审核' : profile?.missing.personal ? '保存报名信息' : '提交审核'

  return (
    <Page title={TITLE}>
      <LoadState status={signedIn ? status : 'loading'} what='报名信息' onRetry={() => void load()} />
      {signedIn && status === 'ready' && profile ? (
        <View className='user-partner'>
          <StatusCard profile={profile} editing={editing} onReapply={() => setEditing(true)} />
          <FormCard title='报名信息'>
            <FormRow name='school' label='学校' required={editing} error={errors.school}>
              {editing ? (
                <TextInput value={form.school} maxlength={50} placeholder='请输入就读或报读的学校' onInput={(v) => set('school', v)} />
              ) : (
                <Text className='user-partner__value'>{form.school || '—'}</Text>
              )}
            </FormRow>
            <FormRow name='major' label='专业' required={editing} error={errors.major}>
              {editing ? (
                <TextInput value={form.major} maxlength={50} placeholder='请输入专业' onInput={(v) => set('major', v)} />
              ) : (
                <Text className='user-partner__value'>{form.major || '—'}</Text>
              )}
            </FormRow>
            <FormRow name='discipline' label='报考类别' required={editing} error={errors.discipline}>
              {editing ? (
                <CategoryPicker value={form.discipline || undefined} placeholder='请选择报考类别' onChange={(v) => set('discipline', v)} />
              ) : (
                <Text className='user-partner__value'>{form.discipline || '—'}</Text>
              )}
            </FormRow>
            <FormRow name='intake' label='入学批次' required={editing} error={errors.intake}>
              {editing ? (
                <MultiSelectPicker
                  range={[INTAKE_YEARS, BATCHES]}
                  value={[pickerYear, form.batch]}
                  separator='年 '
                  placeholder='请选择入学年份和批次'
                  onChange={(values) => {
                    const [year, batch] = values.map(String)
                    setForm((f) => ({ ...f, intakeYear: year ?? '', batch: batch ?? '' }))
                    if (errors.intake) setErrors((e) => ({ ...e, intake: '' }))
                  }}
                />
              ) : (
                <Text className='user-partner__value'>{form.intakeYear && form.batch ? `${form.intakeYear}年 ${form.batch}` : '—'}</Text>
              )}
            </FormRow>
          </FormCard>
          {editing ? (
            <View className='user-partner__actions'>
              <ConfirmButton className='user-partner__submit' title={buttonTitle} loading={busy} onClick={() => void submit()} />
            </View>
          ) : null}
        </View>
      ) : null}
    </Page>
  )
}
