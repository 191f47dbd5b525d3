import { beijingDate } from '@activity/domain'
import { useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { finance } from '../../api/fms/finance'
import { ConfirmButton, EmptyNotice, LoadingIndicator, Page } from '../../components'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import { useRemote } from '../../hooks/remote'
import { useRoute } from '../../components/router-helper'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session'
import { formatYuan } from '@activity/money'
import { receiptFileName, receiptPlan } from './components/fee-logic'
import { ReceiptCanvas, renderReceipt } from './components/receipt-image'
import { saveReceipt } from './components/save-receipt'
import './receipt.scss'

/** The receipt's date is the school's (Beijing, as in its SJyyyymmdd number), whatever the phone's time zone. */
function schoolDate(iso: string): string {
  return beijingDate(Date.parse(iso))
}

const TITLE = routeOf('pages/fee/receipt')?.title ?? '电子收据'

export const RECEIPT_TEXTS = {
  save: '保存为图片',
  saved: '收据已保存',
  denied: '请在设置中允许保存到相册',
  failed: '保存失败，请重试',
  missing: '收据不存在',
} as const

/**
 * pages/fee/receipt?id= (电子收据): a paid fee order's receipt as the office issued it: number,
 * payer, items, the amount in figures and in Chinese capitals, the date, the payee and its seal;
 * 保存为图片 draws it (components/receipt-image*) and saves it: to the album in the mini-programs,
 * a download on H5.
 */
export default function FeeReceiptPage() {
  const signedIn = useRequireLogin()
  const { query: params } = useRoute()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const { notStudent, remember } = useStudentLoad()
  const [saving, setSaving] = useState(false)
  const receipt = useRemote((options) => remember(finance.receipt.detailsForClient({ id }, options)), signedIn && valid)
  const r = receipt.data

  const save = async () => {
    if (!r || saving) return
    setSaving(true)
    try {
      const picture = await renderReceipt(r)
      const outcome = await saveReceipt(picture, receiptFileName(r.receiptNo))
      if (outcome === 'saved') void Taro.showToast({ title: RECEIPT_TEXTS.saved, icon: 'success' })
      else if (outcome === 'denied') void Taro.showToast({ title: RECEIPT_TEXTS.denied, icon: 'none' })
      else if (outcome === 'failed') void Taro.showToast({ title: RECEIPT_TEXTS.failed, icon: 'none' })
    } catch {
      void Taro.showToast({ title: RECEIPT_TEXTS.failed, icon: 'none' })
    } finally {
      setSaving(false)
    }
  }

  const body = () => {
    if (notStudent) return <NotStudent />
    if (!valid || (receipt.failed && !r)) return <EmptyNotice type='page' text={RECEIPT_TEXTS.missing} />
    if (!r)
      return (
        <View className='fee-receipt__load'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    return (
      <>
        <View className='fee-receipt__paper' aria-label={`收据 ${r.receiptNo}`}>
          <Text className='fee-receipt__title'>收 据</Text>
          <Text className='fee-receipt__no'>No. {r.receiptNo}</Text>
          {r.status !== '有效' ? <Text className='fee-receipt__void'>（{r.status}）</Text> : null}
          <View className='fee-receipt__line'>
            <Text>交款人：{r.payer}</Text>
            <Text className='fee-receipt__date'>{schoolDate(r.paidAt)}</Text>
          </View>
          <View className='fee-receipt__table'>
            {r.items.map((item, i) => (
              <View className='fee-receipt__row' key={`${item.name}-${i}`}>
                <Text>
                  {item.name}
                  {item.quantity > 1 ? ` ×${item.quantity}` : ''}
                </Text>
                <Text>{formatYuan(item.amount)}</Text>
              </View>
            ))}
          </View>
          <Text className='fee-receipt__total'>合计（小写）：{formatYuan(r.amount)}</Text>
          <Text className='fee-receipt__capitals'>合计（大写）：人民币{r.amountCapitals}</Text>
          <View className='fee-receipt__payee'>
            <Text>收款单位：{r.payee}</Text>
            <View className='fee-receipt__seal' aria-hidden>
              <Text>★</Text>
            </View>
          </View>
          <Text className='fee-receipt__order'>订单编号 {r.orderNo}</Text>
        </View>
        <ReceiptCanvas height={receiptPlan(r).height} />
        <View className='fee-receipt__actions'>
          <ConfirmButton title={RECEIPT_TEXTS.save} loading={saving} onClick={() => void save()} />
        </View>
      </>
    )
  }

  return (
    <Page title={TITLE}>
      <View className='fee-receipt'>{body()}</View>
    </Page>
  )
}
