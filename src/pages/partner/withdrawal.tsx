import { useEffect, useRef, useState } from 'react'
import Taro, { useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import ConfirmButton from '../../components/confirm-button'
import Dialog from '../../components/dialog'
import Page from '../../components/page'
import TextInput from '../../components/text-input'
import { toastIfNoAnswer } from '../../components/toast/no-answer'
import { partner, type PartnerProfile, type Withdrawal } from '../../api/ems/partner'
import { press } from '../../platform'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { formatYuan } from '@activity/money'
import { askSubscribe, prefetchSubscribeTemplates } from '../../wechat/subscribe'
import { SubscribeTemplate, WithdrawalStatus } from '@activity/wire'
import ListFooter from '../../components/list-footer'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import RetryLine from '../../components/retry-line'
import { CAN_CONFIRM_RECEIPT, CONFIRM_ELSEWHERE_MESSAGE, confirmReceipt } from './components/confirm-receipt'
import { MIN_WITHDRAWAL_FEN, checkAmount, newIdempotencyKey, typedAmount, yuanText } from './components/withdrawal-form'
import './withdrawal.scss'

const TITLE = routeOf('pages/partner/withdrawal')?.title ?? '提现'
const PERSON_PAGE = '/pages/user/person'
const STATUS_CLASS: Record<WithdrawalStatus, string> = {
  [WithdrawalStatus.applying]: 'applying',
  [WithdrawalStatus.confirming]: 'confirming',
  [WithdrawalStatus.paid]: 'paid',
  [WithdrawalStatus.refused]: 'refused',
}

/** The payout account as the partner reads it: 支付宝 138****0000（陈晓明）; null when there is none. */
function payoutOf(profile: PartnerProfile | undefined): string | null {
  const p = profile?.personal
  if (!profile || profile.missing.payoutAccount || !p?.payoutType) return null
  const account = p.payoutAccount ? ` ${p.payoutAccount}` : ''
  const holder = p.payoutName ? `（${p.payoutName}）` : ''
  return `${p.payoutType}${account}${holder}`
}

function WithdrawalItem({ record, onConfirm }: { record: Withdrawal; onConfirm: (record: Withdrawal) => void }) {
  return (
    <View className='withdrawal-item'>
      <View className='withdrawal-item__row'>
        <Text className='withdrawal-item__amount'>{formatYuan(record.amount)}</Text>
        <Text className={`withdrawal-item__status withdrawal-item__status--${STATUS_CLASS[record.status] ?? 'applying'}`}>
          {record.status}
        </Text>
      </View>
      <View className='withdrawal-item__row withdrawal-item__row--sub'>
        <Text>
          {record.payoutType} {record.payoutAccount}
        </Text>
        <Text className='withdrawal-item__time'>{formatDate(record.createdAt, 'yyyy-MM-dd hh:mm')}</Text>
      </View>
      {record.status === WithdrawalStatus.paid && record.transactionNo ? (
        <Text className='withdrawal-item__detail'>
          打款流水号：{record.transactionNo}
          {record.handledAt ? `（${formatDate(record.handledAt, 'MM-dd hh:mm')}）` : ''}
        </Text>
      ) : null}
      {record.status === WithdrawalStatus.confirming ? (
        <View className='withdrawal-item__confirm'>
          <Text className='withdrawal-item__detail'>
            {CAN_CONFIRM_RECEIPT ? '财务已通过微信转账打款，请确认收款，确认后到账微信零钱' : CONFIRM_ELSEWHERE_MESSAGE}
          </Text>
          {CAN_CONFIRM_RECEIPT && record.confirm ? (
            <Text
              className='withdrawal-item__confirm-button'
              {...press(() => onConfirm(record), { label: `确认收款 ${formatYuan(record.amount)}` })}
            >
              确认收款
            </Text>
          ) : null}
        </View>
      ) : null}
      {record.status === WithdrawalStatus.applying && record.transferFailReason ? (
        <Text className='withdrawal-item__detail withdrawal-item__reason'>
          微信转账未成功：{record.transferFailReason}，等待财务重新处理
        </Text>
      ) : null}
      {record.status === WithdrawalStatus.refused ? (
        <Text className='withdrawal-item__detail withdrawal-item__reason'>拒绝原因：{record.refuseReason ?? '—'}，金额已退回余额</Text>
      ) : null}
    </View>
  )
}

/**
 * 提现: the withdrawable amount, an amount in yuan (全部 fills it), the payout account from the
 * personal information, a confirmation, and the withdrawal records. A double tap sends once:
 * the confirm is ignored while a call is on its way, and one attempt keeps one idempotency key.
 */
export default function PartnerWithdrawalPage() {
  const signedIn = useRequireLogin()
  // The template ids are fetched before the tap, which must ask WeChat at once.
  useEffect(() => {
    if (signedIn) prefetchSubscribeTemplates()
  }, [signedIn])
  const showToast = useStore((s) => s.showToast)
  const home = useRemote((options) => partner.partner.home(undefined, options), signedIn, { reloadOnShow: true })
  const profile = useRemote((options) => partner.client.signInfo(undefined, options), signedIn, { reloadOnShow: true })
  const list = usePagedList<Withdrawal>((page, size, options) => partner.withdrawalRecord.list({ page, size }, options), '', signedIn)
  useReachBottom(() => list.loadMore())

  const [amount, setAmount] = useState('')
  const [confirming, setConfirming] = useState<{ fen: number; key: string } | null>(null)
  const [sending, setSending] = useState(false)
  const inFlight = useRef(false)
  // The attempt whose answer never arrived: retrying the same amount sends the same key.
  const unanswered = useRef<{ fen: number; key: string } | null>(null)

  // 确认收款: WeChat's confirm page; the record turns 已打款 when WeChat tells the server.
  const confirmingReceipt = useRef(false)
  const confirm = async (record: Withdrawal) => {
    if (!record.confirm || confirmingReceipt.current) return
    confirmingReceipt.current = true
    try {
      const result = await confirmReceipt(record.confirm)
      if (result.kind === 'ok') {
        showToast('已确认收款，到账以微信通知为准', { icon: 'success' })
        void list.refresh()
        void home.reload({ lock: true })
      } else if (result.kind === 'failed') showToast(result.reason)
    } finally {
      confirmingReceipt.current = false
    }
  }

  // One tap tries every call that failed: the amount, the payout account and the records.
  const retry = () => {
    if (home.failed) void home.reload()
    if (profile.failed) void profile.reload()
    if (list.failed) list.retry()
  }
  const headFailed = (home.failed && !home.data) || (profile.failed && !profile.data)

  const withdrawable = home.data?.withdrawable ?? 0
  const payout = payoutOf(profile.data)

  const ask = () => {
    if (inFlight.current) return
    if (!home.data || !profile.data) return
    if (!payout) {
      showToast('请先在个人信息中填写收款账号')
      return
    }
    const check = checkAmount(amount, withdrawable)
    if (!check.ok) {
      showToast(check.message)
      return
    }
    const key = unanswered.current?.fen === check.fen ? unanswered.current.key : newIdempotencyKey()
    setConfirming({ fen: check.fen, key })
  }

  const send = async () => {
    const attempt = confirming
    if (!attempt || inFlight.current) return
    inFlight.current = true
    setSending(true)
    setConfirming(null)
    try {
      // In the tap (WeChat's rule): the partner may accept news of this withdrawal and of commissions.
      await askSubscribe([SubscribeTemplate.withdrawal, SubscribeTemplate.commission])
      await partner.withdrawalRecord.apply({ amount: attempt.fen, idempotencyKey: attempt.key }, { loadingTitle: '提交中' })
      unanswered.current = null
      setAmount('')
      showToast('提现申请已提交', { icon: 'success' })
      void home.reload({ lock: true })
      void list.refresh()
    } catch (err) {
      // A refusal was shown by the wrapper; without an answer the next try keeps this key.
      unanswered.current = err instanceof RequestError && err.kind === 'network' ? attempt : null
      toastIfNoAnswer(err)
    } finally {
      inFlight.current = false
      setSending(false)
    }
  }

  return (
    <Page title={TITLE}>
      <View className='withdrawal-head'>
        <Text className='withdrawal-head__label'>可提现金额</Text>
        <Text className='withdrawal-head__amount'>{home.data ? formatYuan(home.data.withdrawable) : '--'}</Text>
        {home.data && home.data.frozen > 0 ? (
          <Text className='withdrawal-head__frozen'>另有 {formatYuan(home.data.frozen)} 佣金冻结中，解冻后可提现</Text>
        ) : null}
        {headFailed ? <RetryLine className='withdrawal-head__failed' tone='light' onRetry={retry} /> : null}
      </View>

      <View className='withdrawal-form'>
        <Text className='withdrawal-form__label'>提现金额</Text>
        <View className='withdrawal-form__input'>
          <Text className='withdrawal-form__yen'>¥</Text>
          <TextInput
            className='withdrawal-form__amount'
            type='digit'
            value={amount}
            maxlength={12}
            placeholder={`最低 ${formatYuan(MIN_WITHDRAWAL_FEN)}`}
            onInput={(v) => setAmount(typedAmount(v))}
          />
          <Text className='withdrawal-form__all' {...press(() => setAmount(yuanText(withdrawable)), { label: '全部提现' })}>
            全部
          </Text>
        </View>
        <Text className='withdrawal-form__hint'>最低提现 {formatYuan(MIN_WITHDRAWAL_FEN)}，同一时间只能有一笔审核中的提现</Text>
        <View className='withdrawal-form__account' {...press(() => void Taro.navigateTo({ url: PERSON_PAGE }), { role: 'link' })}>
          <Text className='withdrawal-form__account-label'>到账账户</Text>
          {payout ? (
            <Text className='withdrawal-form__account-value'>{payout}</Text>
          ) : (
            <Text className='withdrawal-form__account-value withdrawal-form__account-value--missing'>
              {profile.data ? '请先添加收款账号' : '--'}
            </Text>
          )}
          <View className='withdrawal-form__arrow' />
        </View>
        <ConfirmButton
          className='withdrawal-form__submit'
          title='申请提现'
          loading={sending}
          disabled={!home.data || !profile.data}
          onClick={ask}
        />
      </View>

      <View className='withdrawal-records__head'>
        <Text className='withdrawal-records__title'>提现记录</Text>
      </View>
      <View className='withdrawal-records'>
        {list.rows.map((record) => (
          <WithdrawalItem key={record.id} record={record} onConfirm={(r) => void confirm(r)} />
        ))}
        <ListFooter list={list} onRetry={retry} />
      </View>

      <Dialog
        isOpened={confirming !== null}
        title='确认提现'
        content={confirming ? `提现 ${formatYuan(confirming.fen)} 到\n${payout ?? ''}` : ''}
        confirmText='确认提现'
        onConfirm={() => void send()}
        onCancel={() => setConfirming(null)}
        onClose={() => setConfirming(null)}
      />
    </Page>
  )
}
