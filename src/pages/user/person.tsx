import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import { partner as partnerCalls, type PartnerProfile } from '../../api/ems/partner'
import ConfirmButton from '../../components/confirm-button'
import Page, { goBack } from '../../components/page'
import SelectPicker from '../../components/select-picker'
import TextInput from '../../components/text-input'
import { toastIfNoAnswer } from '../../components/toast/no-answer'
import { routeOf } from '../../routes'
import { refreshUserInfo, useRequireLogin } from '../../session'
import { useStore } from '../../store'
import { GENDERS, PAYOUT_ACCOUNT_TYPES, PayoutAccountType } from '@activity/wire'
import { FormCard, FormRow } from '../../components/form'
import LoadState, { type LoadStatus } from '../../components/load-state'
import { PROVINCES, citiesOf } from './data/regions'
import {
  PAYOUT_ACCOUNT_RULES,
  PERSON_FIELDS,
  checkPerson,
  firstError,
  isMasked,
  isValid,
  personPayload,
  type Errors,
  type PersonField,
  type PersonForm,
  type PersonOnFile,
} from './validate'
import './person.scss'

const TITLE = routeOf('pages/user/person')?.title ?? ''

const EMPTY: PersonForm = {
  realName: '',
  gender: '',
  idCard: '',
  province: '',
  city: '',
  wechatId: '',
  payoutType: '',
  payoutAccount: '',
  payoutName: '',
}

/** The form as the profile has it (ID card and payout account masked). */
export function personFormOf(profile: PartnerProfile): PersonForm {
  const p = profile.personal
  return {
    realName: p.realName ?? '',
    gender: p.gender ?? '',
    idCard: p.idCard ?? '',
    province: p.province ?? '',
    city: p.city ?? '',
    wechatId: p.wechatId ?? '',
    payoutType: p.payoutType ?? '',
    payoutAccount: p.payoutAccount ?? '',
    payoutName: p.payoutName ?? '',
  }
}

/** A list with the stored value first when the list does not have it, so the field still shows it. */
function withValue(list: string[], value: string): string[] {
  return value && !list.includes(value) ? [value, ...list] : list
}

/**
 * pages/user/person (填写个人信息): real name, gender, ID card (checked with its GB 11643 check
 * digit here, kept as on file while left masked), province and city, WeChat id, and the payout
 * account. Saving tells the person and goes back.
 */
export default function UserPersonPage() {
  const signedIn = useRequireLogin()
  const [status, setStatus] = useState<LoadStatus>('loading')
  const [form, setForm] = useState<PersonForm>(EMPTY)
  const [onFile, setOnFile] = useState<PersonOnFile>({ idCard: null, payoutType: null, payoutAccount: null })
  const [errors, setErrors] = useState<Errors<PersonField>>({})
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const load = async () => {
    setStatus('loading')
    try {
      const { data } = await partnerCalls.client.signInfo()
      if (!mounted.current) return
      setForm(personFormOf(data))
      setOnFile({ idCard: data.personal.idCard, payoutType: data.personal.payoutType, payoutAccount: data.personal.payoutAccount })
      setStatus('ready')
    } catch {
      if (mounted.current) setStatus('failed')
    }
  }

  useEffect(() => {
    if (signedIn) void load()
    // Loads once signed in (the guard sends anyone else to login).
  }, [signedIn])

  const set = (field: PersonField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: '' }))
  }

  const chooseProvince = (province: string) => {
    setForm((f) => ({ ...f, province, city: citiesOf(province).includes(f.city) ? f.city : '' }))
    setErrors((e) => ({ ...e, province: '' }))
  }

  const choosePayoutType = (type: string) => {
    // The account on file belongs to its type: shown again for it, empty for another.
    setForm((f) => ({ ...f, payoutType: type, payoutAccount: type === onFile.payoutType ? (onFile.payoutAccount ?? '') : '' }))
    setErrors((e) => ({ ...e, payoutType: '', payoutAccount: '' }))
  }

  const submit = async () => {
    const found = checkPerson(form, onFile)
    setErrors(found)
    const first = firstError(found, PERSON_FIELDS)
    if (first) {
      Taro.pageScrollTo({ selector: `#field-${first}`, duration: 200 }).catch(() => undefined)
      return
    }
    if (busy || !isValid(found)) return
    setBusy(true)
    try {
      await partnerCalls.client.savePersonal(personPayload(form, onFile))
    } catch (err) {
      // The wrapper has shown the refusal (no answer: said here); the form stays as typed.
      toastIfNoAnswer(err)
      if (mounted.current) setBusy(false)
      return
    }
    useStore.getState().showToast('保存成功', { icon: 'success' })
    // The session user carries the review status, which a complete profile may have changed.
    await refreshUserInfo().catch(() => undefined)
    if (mounted.current) setBusy(false)
    goBack()
  }

  const payoutRule = PAYOUT_ACCOUNT_RULES[form.payoutType as PayoutAccountType]
  const idCardKept = isMasked(form.idCard) && form.idCard === onFile.idCard
  const accountKept = isMasked(form.payoutAccount) && form.payoutAccount === onFile.payoutAccount

  return (
    <Page title={TITLE}>
      <LoadState status={signedIn ? status : 'loading'} what='个人信息' onRetry={() => void load()} />
      {signedIn && status === 'ready' ? (
        <View className='user-person'>
          <View className='user-person__intro'>以下信息仅用于资格审核和佣金发放，我们会严格保密。</View>
          <FormCard title='基本信息'>
            <FormRow name='realName' label='真实姓名' required error={errors.realName}>
              <TextInput value={form.realName} maxlength={20} placeholder='与身份证一致' onInput={(v) => set('realName', v)} />
            </FormRow>
            <FormRow name='gender' label='性别' required error={errors.gender}>
              <SelectPicker
                range={GENDERS}
                value={form.gender || undefined}
                placeholder='请选择性别'
                onChange={(v) => set('gender', String(v))}
              />
            </FormRow>
            <FormRow
              name='idCard'
              label='身份证号'
              required
              error={errors.idCard}
              hint={idCardKept ? '已登记（仅显示部分），修改请清空重填' : undefined}
            >
              <TextInput value={form.idCard} type='idcard' maxlength={18} placeholder='18位身份证号' onInput={(v) => set('idCard', v)} />
            </FormRow>
            <FormRow name='province' label='所在省份' required error={errors.province}>
              <SelectPicker
                range={withValue(PROVINCES, form.province)}
                value={form.province || undefined}
                placeholder='请选择省份'
                onChange={(v) => chooseProvince(String(v))}
              />
            </FormRow>
            <FormRow name='city' label='所在城市' required error={errors.city}>
              <SelectPicker
                range={withValue(citiesOf(form.province), form.city)}
                value={form.city || undefined}
                placeholder={form.province ? '请选择城市' : '请先选择省份'}
                disabled={!form.province}
                onChange={(v) => set('city', String(v))}
              />
            </FormRow>
            <FormRow name='wechatId' label='微信号' error={errors.wechatId}>
              <TextInput value={form.wechatId} maxlength={40} placeholder='选填，方便招生老师联系您' onInput={(v) => set('wechatId', v)} />
            </FormRow>
          </FormCard>

          <FormCard title='收款账户（用于佣金提现）'>
            <FormRow name='payoutType' label='收款方式' required error={errors.payoutType}>
              <SelectPicker
                range={PAYOUT_ACCOUNT_TYPES}
                value={form.payoutType || undefined}
                placeholder='请选择收款方式'
                onChange={(v) => choosePayoutType(String(v))}
              />
            </FormRow>
            <FormRow
              name='payoutAccount'
              label='收款账号'
              required
              error={errors.payoutAccount}
              hint={accountKept ? '已登记（仅显示后四位），修改请清空重填' : undefined}
            >
              <TextInput
                value={form.payoutAccount}
                // A number field cannot show the masked account (622****3445).
                type={form.payoutType === PayoutAccountType.bank && !isMasked(form.payoutAccount) ? 'number' : 'text'}
                maxlength={40}
                placeholder={payoutRule?.placeholder ?? '请先选择收款方式'}
                disabled={!form.payoutType}
                onInput={(v) => set('payoutAccount', v)}
              />
            </FormRow>
            <FormRow name='payoutName' label='收款人' required error={errors.payoutName}>
              <TextInput value={form.payoutName} maxlength={20} placeholder='收款账户的实名姓名' onInput={(v) => set('payoutName', v)} />
            </FormRow>
          </FormCard>

          <View className='user-person__actions'>
            <ConfirmButton className='user-person__submit' title='保存' loading={busy} onClick={() => void submit()} />
          </View>
        </View>
      ) : null}
    </Page>
  )
}
