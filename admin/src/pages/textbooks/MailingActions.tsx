/**
 * 发布 and 删除 a draft mailing, each after a confirmation that says what follows: publishing makes
 * one record for each student (在读) the target reaches now, counted when the question opens, and
 * sends each a message asking for their address; a published mailing cannot be deleted or changed.
 * Refusals are shown by the API client.
 */
import { MailingStatus } from '@activity/wire'
import { App, Button, Popconfirm } from 'antd'
import { useState } from 'react'
import { type Mailing, textbooksApi } from '../../api/textbooks'
import { RemoveAction } from '../../components/RemoveAction'
import { mailingValues, targetOf } from './textbooks'

type Count = { count?: number; error?: string }

export function PublishMailing({ mailing, onDone, button = false }: { mailing: Mailing; onDone: () => void; button?: boolean }) {
  const { message } = App.useApp()
  const [count, setCount] = useState<Count>()
  if (mailing.status !== MailingStatus.draft) return null
  const ask = (open: boolean) => {
    if (!open) return
    setCount(undefined)
    textbooksApi.audience(targetOf(mailingValues(mailing))).then(
      ({ count: n }) => setCount({ count: n }),
      (e: unknown) => setCount({ error: e instanceof Error ? e.message : String(e) }),
    )
  }
  const none = count?.count === 0
  return (
    <Popconfirm
      title={`发布「${mailing.title}」？`}
      description={
        !count ? (
          '正在计算邮寄人数…'
        ) : count.error ? (
          `邮寄人数计算失败：${count.error}`
        ) : none ? (
          '没有符合条件的在读学员，请先调整邮寄对象。'
        ) : (
          <>
            将邮寄给 {count.count} 名在读学员（{mailing.targetLabel}），
            <br />
            每人收到一条消息，请在 {mailing.addressDeadline} 前确认收货地址。
            <br />
            发布后不能再修改。
          </>
        )
      }
      okText='发布'
      okButtonProps={{ disabled: !count || none || Boolean(count.error) }}
      onOpenChange={ask}
      onConfirm={() =>
        textbooksApi.publish(mailing.id).then(
          (published) => {
            void message.success(`已发布，${published.counts.students} 名学员收到通知`)
            onDone()
          },
          () => undefined,
        )
      }
    >
      {button ? (
        <Button type='primary'>发布</Button>
      ) : (
        <Button type='link' className='console-link-button'>
          发布
        </Button>
      )}
    </Popconfirm>
  )
}

export function RemoveMailing({ mailing, onRemoved }: { mailing: Mailing; onRemoved: () => void }) {
  if (mailing.status !== MailingStatus.draft) return null
  return (
    <RemoveAction
      title={`删除「${mailing.title}」？`}
      description='删除后不能恢复。'
      remove={() => textbooksApi.remove(mailing.id)}
      onRemoved={onRemoved}
    />
  )
}
