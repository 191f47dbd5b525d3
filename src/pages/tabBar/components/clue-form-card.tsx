import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import CategoryPicker from '../../../components/category-picker'
import ConfirmButton from '../../../components/confirm-button'
import SelectPicker from '../../../components/select-picker'
import TextInput from '../../../components/text-input'
import { toastIfNoAnswer } from '../../../components/toast/no-answer'
import { partner, type Clue } from '../../../api/ems/partner'
import { useStore } from '../../../store'
import { press } from '../../../platform'
import { askSubscribe, prefetchSubscribeTemplates } from '../../../wechat/subscribe'
import { CONTACT_METHODS, SubscribeTemplate, type ContactMethod } from '@activity/wire'
import { CLUE_NAME_MAX, CLUE_REMARK_MAX, EMPTY_CLUE_FORM, clueFormError, newClueOf, type ClueForm } from './clue-form'
import './clue-form-card.scss'

export interface ClueFormCardProps {
  /** The clue was recorded. */
  onSaved: (clue: Clue) => void
  onCancel: () => void
}

/**
 * The add-a-clue form (PRODUCT.md "Clues"): checked before sending; a refusal (a duplicate phone,
 * a partner not yet approved) is shown by the request wrapper and the form keeps what was typed.
 */
export default function ClueFormCard({ onSaved, onCancel }: ClueFormCardProps) {
  const [form, setForm] = useState<ClueForm>(EMPTY_CLUE_FORM)
  const [sending, setSending] = useState(false)
  const showToast = useStore((s) => s.showToast)
  // The template ids are fetched before the tap, which must ask WeChat at once.
  useEffect(() => prefetchSubscribeTemplates(), [])
  const set = <K extends keyof ClueForm>(key: K, value: ClueForm[K]) => setForm((f) => ({ ...f, [key]: value }))

  const submit = async () => {
    if (sending) return
    const problem = clueFormError(form)
    if (problem) {
      showToast(problem)
      return
    }
    setSending(true)
    try {
      // In the tap (WeChat's rule): the partner may accept news of this clue and of its commission.
      await askSubscribe([SubscribeTemplate.clue, SubscribeTemplate.commission])
      const res = await partner.clue.save(newClueOf(form), { loadingTitle: '提交中' })
      showToast('登记成功', { icon: 'success' })
      setForm(EMPTY_CLUE_FORM)
      onSaved(res.data)
    } catch (err) {
      // The wrapper has shown the server's message (no answer: said here); the form keeps its values.
      toastIfNoAnswer(err)
    } finally {
      setSending(false)
    }
  }

  return (
    <View className='clue-form'>
      <View className='clue-form__head'>
        <Text className='clue-form__title'>登记新线索</Text>
        <Text className='clue-form__note'>同一手机号90天内只能登记一次</Text>
      </View>
      <View className='clue-form__row'>
        <Text className='clue-form__label clue-form__label--required'>姓名</Text>
        <TextInput
          className='clue-form__name'
          value={form.name}
          maxlength={CLUE_NAME_MAX}
          placeholder='请输入学员姓名'
          onInput={(v) => set('name', v)}
        />
      </View>
      <View className='clue-form__row'>
        <Text className='clue-form__label clue-form__label--required'>手机号</Text>
        <TextInput
          className='clue-form__phone'
          value={form.phone}
          type='number'
          maxlength={11}
          placeholder='请输入手机号'
          onInput={(v) => set('phone', v)}
        />
      </View>
      <View className='clue-form__row'>
        <Text className='clue-form__label'>联系方式</Text>
        <SelectPicker
          className='clue-form__contact'
          range={CONTACT_METHODS}
          value={form.contactMethod}
          onChange={(v) => set('contactMethod', v as ContactMethod)}
        />
      </View>
      <View className='clue-form__row'>
        <Text className='clue-form__label'>意向专业</Text>
        <CategoryPicker
          className='clue-form__intention'
          value={form.intention || undefined}
          placeholder='请选择意向专业'
          onChange={(v) => set('intention', v)}
        />
      </View>
      <View className='clue-form__row'>
        <Text className='clue-form__label'>备注</Text>
        <TextInput
          className='clue-form__remark'
          value={form.remark}
          maxlength={CLUE_REMARK_MAX}
          placeholder='选填，如方便联系的时间'
          onInput={(v) => set('remark', v)}
        />
      </View>
      <View className='clue-form__actions'>
        <View className='clue-form__cancel' {...press(() => onCancel())}>
          <Text>取消</Text>
        </View>
        <ConfirmButton className='clue-form__submit' inline title='提交' loading={sending} onClick={() => void submit()} />
      </View>
    </View>
  )
}
