import { useState, type ReactNode } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { partner } from '../../../api/ems/partner'
import { CategoryPicker, ConfirmButton, TextInput } from '../../../components'
import { press } from '../../../platform'
import {
  CLUE_FORM_MESSAGES,
  EMPTY_CLUE_FORM,
  cluePayload,
  validateClueForm,
  type ClueFormErrors,
  type ClueFormValues,
} from './clue-form-logic'
import './clue-form.scss'

export interface ClueFormProps {
  activityId: number
  /** The partner's share code from the page's address. */
  refCode: string
}

function Row({ name, label, error, children }: { name: string; label: string; error?: string; children: ReactNode }) {
  return (
    <View className={`activity-clue__row activity-clue__row--${name}${error ? ' activity-clue__row--error' : ''}`}>
      <View className='activity-clue__line'>
        <Text className='activity-clue__label'>{label}</Text>
        <View className='activity-clue__control'>{children}</View>
      </View>
      {error ? <Text className='activity-clue__error'>{error}</Text> : null}
    </View>
  )
}

/**
 * A campaign's clue form: a prospect leaves name, phone and (optionally) the programme they are
 * interested in, for the partner whose link brought them (`ref`). No session: prospects are not
 * signed in. The back-office's refusals (a phone already registered, the campaign closed meanwhile)
 * are shown by the request wrapper; the form stays as filled in.
 */
export default function ClueForm({ activityId, refCode }: ClueFormProps) {
  const [values, setValues] = useState<ClueFormValues>(EMPTY_CLUE_FORM)
  const [errors, setErrors] = useState<ClueFormErrors>({})
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)

  const set = <K extends keyof ClueFormValues>(key: K, value: ClueFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const submit = async () => {
    const found = validateClueForm(values)
    setErrors(found)
    if (Object.keys(found).length || busy) return
    setBusy(true)
    try {
      await partner.clue.saveForActivity(cluePayload(values, refCode, activityId), { loadingTitle: '提交中' })
      setSent(true)
    } catch {
      // Shown by the wrapper (e.g. the phone was already registered): nothing more to say.
    } finally {
      setBusy(false)
    }
  }

  if (sent) {
    return (
      <View className='activity-clue activity-clue--sent'>
        <View className='activity-clue__done'>
          <Text>✓</Text>
        </View>
        <Text className='activity-clue__success'>{CLUE_FORM_MESSAGES.success}</Text>
      </View>
    )
  }

  return (
    <View className='activity-clue'>
      <Text className='activity-clue__title'>立即报名</Text>
      <Text className='activity-clue__intro'>留下联系方式，招生老师一对一为您解答</Text>
      <Row name='name' label='姓名' error={errors.name}>
        <TextInput value={values.name} placeholder='请输入您的姓名' maxlength={20} onInput={(v) => set('name', v)} />
      </Row>
      <Row name='phone' label='手机号' error={errors.phone}>
        <TextInput value={values.phone} placeholder='请输入手机号' type='number' maxlength={11} onInput={(v) => set('phone', v)} />
      </Row>
      <Row name='intention' label='意向专业'>
        <CategoryPicker value={values.intention} placeholder='请选择（选填）' onChange={(v) => set('intention', v)} />
      </Row>
      <View className='activity-clue__consent'>
        {/* The box and its words are the checkbox; the policy is a link beside it, not in it. */}
        <View
          className='activity-clue__toggle'
          {...press(() => set('agreed', !values.agreed), {
            role: 'checkbox',
            checked: values.agreed,
            label: '我已阅读并同意隐私政策，同意招生老师与我联系',
          })}
        >
          <View className={`activity-clue__box${values.agreed ? ' activity-clue__box--checked' : ''}`}>
            {values.agreed ? <Text>✓</Text> : null}
          </View>
          <Text className='activity-clue__consent-text'>我已阅读并同意</Text>
        </View>
        <Text className='activity-clue__link' {...press(() => void Taro.navigateTo({ url: '/pages/user/privacy' }), { role: 'link' })}>
          《隐私政策》
        </Text>
        <Text className='activity-clue__consent-text'>，同意招生老师与我联系</Text>
      </View>
      {errors.agreed ? <Text className='activity-clue__error activity-clue__error--agreed'>{errors.agreed}</Text> : null}
      <ConfirmButton className='activity-clue__submit' title='提交报名' loading={busy} onClick={() => void submit()} />
    </View>
  )
}
