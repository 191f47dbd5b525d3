import { useState } from 'react'
import Taro from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { cybermoney } from '../../api/fms/cybermoney'
import { point } from '../../api/zms/point'
import ConfirmButton from '../../components/confirm-button'
import Dialog from '../../components/dialog'
import LoadState from '../../components/load-state'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import { useRoute } from '../../components/router-helper'
import TextInput from '../../components/text-input'
import { useRemote } from '../../hooks/remote'
import { apiUrl } from '../../request'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { FormCard, FormError, FormRow } from '../../components/form'
import { type AddressDraft, addressErrors, exchangeBody, exchangeRefusal, maxQuantity, needsAddress } from './components/points-logic'
import { POINTS_PAGES } from '../../links/points'
import './good.scss'

const TITLE = routeOf('pages/points/good')?.title ?? '商品详情'

/**
 * 商品详情: a listed good, my balance, a quantity and (教材, 实物) the address; 立即兑换 asks to
 * confirm, then the server spends the points and takes the stock in one go and the exchange
 * opens in 兑换记录 (a 课程券's course is open at once).
 */
export default function PointsGoodPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const id = Number(route.query.id)
  const valid = Number.isInteger(id) && id > 0
  const { notStudent, remember } = useStudentLoad()
  const good = useRemote((options) => cybermoney.shopGood.detailsForClient({ id }, options), signedIn && valid)
  const summary = useRemote((options) => remember(point.studentPoint.listForClient(undefined, options)), signedIn)
  const [quantity, setQuantity] = useState(1)
  const [address, setAddress] = useState<AddressDraft>({ name: '', phone: '', address: '' })
  const [errors, setErrors] = useState<Partial<Record<keyof AddressDraft, string>>>({})
  const [refusal, setRefusal] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)

  const g = good.data
  const balance = summary.data?.balance ?? 0
  const max = g ? maxQuantity(g, balance) : 0
  const shipped = g ? needsAddress(g.kind) : false
  const set = (field: keyof AddressDraft, value: string) => {
    setAddress((a) => ({ ...a, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
    setRefusal(undefined)
  }

  const exchange = async () => {
    if (!g || busy) return
    const found = shipped ? addressErrors(address) : {}
    setErrors(found)
    if (Object.keys(found).length) return
    const local = exchangeRefusal(g, balance, quantity)
    if (local) {
      setRefusal(local)
      return
    }
    setConfirming(true)
  }

  const confirmed = async () => {
    setConfirming(false)
    if (!g || busy) return
    setBusy(true)
    try {
      await cybermoney.goodOrder.order(exchangeBody(g.id, quantity, g.kind, address), { loadingTitle: '兑换中' })
      useStore.getState().showToast('兑换成功', { icon: 'success' })
      void Taro.redirectTo({ url: POINTS_PAGES.orders })
    } catch (err) {
      // The wrapper has shown the server's reason; keep it on the page too.
      setRefusal(err instanceof Error ? err.message : undefined)
      void good.reload({ lock: true })
      void summary.reload({ lock: true })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : !g ? (
        <LoadState status={good.failed || !valid ? 'failed' : 'loading'} what='商品' onRetry={() => void good.reload()} />
      ) : (
        <View className='good-page'>
          {g.coverUrl ? (
            <Image className='good-page__cover' src={apiUrl(g.coverUrl)} mode='aspectFill' imgProps={{ alt: g.name }} />
          ) : (
            <View className='good-page__cover good-page__cover--empty'>
              <Text>{g.kind}</Text>
            </View>
          )}
          <View className='good-card'>
            <Text className='good-card__name'>{g.name}</Text>
            <View className='good-card__row'>
              <Text className='good-card__points'>{`${g.points} 积分`}</Text>
              <Text className='good-card__kind'>{g.kind}</Text>
            </View>
            <Text className='good-card__meta'>
              {[
                g.stock > 0 ? `库存 ${g.stock}` : '已兑完',
                g.perPersonLimit > 0 ? `每人限兑 ${g.perPersonLimit}（已兑 ${g.exchanged}）` : '',
                g.courseTitle ? `兑换后开通「${g.courseTitle}」` : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {g.description ? <Text className='good-card__desc'>{g.description}</Text> : null}
          </View>

          <FormCard title='兑换信息'>
            <FormRow name='balance' label='我的积分'>
              <Text className='good-page__balance'>{summary.data ? String(balance) : '--'}</Text>
            </FormRow>
            <FormRow name='quantity' label='兑换数量'>
              <View className='good-qty'>
                <View
                  className={`good-qty__step${quantity <= 1 ? ' good-qty__step--off' : ''}`}
                  {...press(() => quantity > 1 && setQuantity(quantity - 1), { label: '减少', disabled: quantity <= 1 })}
                >
                  -
                </View>
                <Text className='good-qty__value'>{String(quantity)}</Text>
                <View
                  className={`good-qty__step${quantity >= max ? ' good-qty__step--off' : ''}`}
                  {...press(() => quantity < max && setQuantity(quantity + 1), { label: '增加', disabled: quantity >= max })}
                >
                  +
                </View>
              </View>
            </FormRow>
            {shipped ? (
              <>
                <FormRow name='name' label='收货人' required error={errors.name}>
                  <TextInput value={address.name} maxlength={20} placeholder='收货人姓名' onInput={(v) => set('name', v)} />
                </FormRow>
                <FormRow name='phone' label='手机号' required error={errors.phone}>
                  <TextInput
                    value={address.phone}
                    type='number'
                    maxlength={11}
                    placeholder='收货人手机号'
                    onInput={(v) => set('phone', v)}
                  />
                </FormRow>
                <FormRow name='address' label='收货地址' required error={errors.address}>
                  <TextInput
                    value={address.address}
                    maxlength={120}
                    placeholder='省市区、街道、门牌号'
                    onInput={(v) => set('address', v)}
                  />
                </FormRow>
              </>
            ) : null}
          </FormCard>
          <FormError name='refusal' error={refusal} />
          <View className='good-page__actions'>
            <Text className='good-page__total'>{`合计 ${g.points * quantity} 积分`}</Text>
            <ConfirmButton
              className='good-page__submit'
              title={g.stock <= 0 ? '已兑完' : '立即兑换'}
              disabled={g.stock <= 0}
              loading={busy}
              onClick={() => void exchange()}
            />
          </View>
          <Dialog
            isOpened={confirming}
            title='确认兑换'
            content={`使用 ${g.points * quantity} 积分兑换「${g.name}」×${quantity}？`}
            confirmText='兑换'
            onConfirm={() => void confirmed()}
            onCancel={() => setConfirming(false)}
          />
        </View>
      )}
    </Page>
  )
}
