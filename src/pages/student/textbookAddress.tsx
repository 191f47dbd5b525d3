import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, Textarea, View } from '@tarojs/components'
import { textbook, type TextbookList } from '../../api/ems/textbook'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import { FormCard, FormError, FormRow } from '../../components/form'
import type { Errors } from '../../components/form/checks'
import Page from '../../components/page'
import RegionPicker from '../../components/region-picker'
import { useRoute } from '../../components/router-helper'
import TextInput from '../../components/text-input'
import { useMounted } from '../../hooks/mounted'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { TEXTBOOKS_URL, textbookIdOf } from '../../links/textbooks'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import {
  ADDRESS_FORM_FIELDS,
  RECEIVER_MAX,
  STREET_MAX,
  addressFormOf,
  addressPayload,
  checkAddress,
  type AddressForm,
  type AddressFormField,
} from './components/textbook-address-form'
import { DEADLINE_PASSED, deadlineText } from './components/textbooks'
import StudentBody from './components/student-body'
import './textbookAddress.scss'

const TITLE = routeOf('pages/student/textbookAddress')?.title ?? '收货地址'
const MISSING = '教材邮寄记录不存在'
const SHIPPED = '教材已发货，收货地址不能再修改'
const EMPTY_FORM: AddressForm = { receiver: '', phone: '', region: null, street: '' }

/**
 * 收货地址: where a mailing's textbooks go (?id= the record): 收件人, 手机号, 所在地区 (province,
 * city, district) and 详细地址, opening on my confirmed address or what the server suggests. Checked
 * here as the server checks it; the server's refusals (the deadline passed, already shipped) stay on
 * the form. Once confirmed it goes back to 我的教材, which asks for the list again.
 */
export default function StudentTextbookAddressPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const id = textbookIdOf(route.query.id)
  const student = useStudentLoad('client')
  const list = useRemote((options) => student.remember(textbook.record.listForClient(undefined, options)), signedIn && id !== null)
  const record = list.data?.list.find((r) => r.id === id)
  const [form, setForm] = useState<AddressForm>(EMPTY_FORM)
  const [errors, setErrors] = useState<Errors<AddressFormField>>({})
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useMounted()

  // The record's address (or the suggestion) fills the form once.
  const filled = useRef(false)
  useEffect(() => {
    if (!record || filled.current) return
    filled.current = true
    setForm(addressFormOf(record))
  }, [record])

  const change = (field: AddressFormField, next: Partial<AddressForm>) => {
    setForm((f) => ({ ...f, ...next }))
    setErrors((e) => ({ ...e, [field]: '' }))
    setRefusal('')
  }

  const submit = async () => {
    if (busy || id === null) return
    const found = checkAddress(form)
    setErrors(found)
    setRefusal('')
    if (ADDRESS_FORM_FIELDS.some((f) => found[f]) || !form.region) return
    setBusy(true)
    try {
      await textbook.record.commitForClient(addressPayload(id, { ...form, region: form.region }), { loadingTitle: '正在提交' })
      useStore.getState().showToast('收货地址已确认', { icon: 'success' })
      if (!mounted.current) return
      setBusy(false)
      // Back to 我的教材 (it asks again on show); opened from a link, to the list itself.
      if (Taro.getCurrentPages().length > 1) void Taro.navigateBack()
      else void Taro.redirectTo({ url: TEXTBOOKS_URL })
    } catch (err) {
      // The wrapper has toasted the refusal; it stays on the form too, where the person looks.
      if (!mounted.current) return
      if (err instanceof RequestError && err.kind !== 'network') setRefusal(err.message)
      setBusy(false)
    }
  }

  const body = (answer: TextbookList) => {
    const r = answer.list.find((x) => x.id === id)
    if (!r) return <EmptyNotice type='page' text={MISSING} />
    if (!r.editable) return <EmptyNotice type='page' text={r.parcel ? SHIPPED : DEADLINE_PASSED} />
    return (
      <View className='textbook-form'>
        <View className='textbook-form__mailing'>
          <Text className='textbook-form__title'>{r.mailing.title}</Text>
          <Text className='textbook-form__deadline'>{`请在${deadlineText(r.mailing.addressDeadline)}前确认，截止后如需修改请联系教务处`}</Text>
        </View>
        <FormCard>
          <FormRow name='receiver' label='收件人' required error={errors.receiver}>
            <TextInput
              value={form.receiver}
              maxlength={RECEIVER_MAX}
              placeholder='收件人姓名'
              onInput={(receiver) => change('receiver', { receiver })}
            />
          </FormRow>
          <FormRow name='phone' label='手机号' required error={errors.phone}>
            <TextInput
              value={form.phone}
              type='number'
              maxlength={11}
              placeholder='收件人手机号'
              onInput={(phone) => change('phone', { phone })}
            />
          </FormRow>
          <FormRow name='region' label='所在地区' required error={errors.region}>
            <RegionPicker value={form.region ?? undefined} onChange={(region) => change('region', { region })} />
          </FormRow>
          <FormRow name='street' label='详细地址' required error={errors.street}>
            <Textarea
              className='textbook-form__street'
              value={form.street}
              maxlength={STREET_MAX}
              placeholder='街道、门牌号、小区、楼栋、单元室等'
              onInput={(e) => {
                const street = e.detail.value
                change('street', { street })
              }}
            />
          </FormRow>
        </FormCard>
        <FormError name='refusal' error={refusal} />
        <View className='textbook-form__actions'>
          <ConfirmButton className='textbook-form__submit' title='确认地址' loading={busy} onClick={() => void submit()} />
        </View>
      </View>
    )
  }

  return (
    <Page title={TITLE}>
      <StudentBody
        notStudent={student.notStudent}
        missing={id === null ? MISSING : student.refused}
        remote={list}
        stateClass='textbook-form-state'
      >
        {body}
      </StudentBody>
    </Page>
  )
}
