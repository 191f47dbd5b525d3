/**
 * 发布 / 下架 / 删除 a notice, each after a confirmation that says what follows: publishing
 * reaches the addressed students (a message each), taking down hides it from them, only a draft or
 * a withdrawn notice can be deleted. Refusals are shown by the API client.
 */
import { NoticeStatus } from '@activity/wire'
import { App, Button, Popconfirm } from 'antd'
import { type NoticeItem, noticesApi } from '../../api/notices'
import { RemoveAction } from '../../components/RemoveAction'

export function PublishAction({ notice, onDone, button = false }: { notice: NoticeItem; onDone: () => void; button?: boolean }) {
  const { message } = App.useApp()
  const published = notice.status === NoticeStatus.published
  return (
    <Popconfirm
      title={published ? `下架「${notice.title}」？` : `发布「${notice.title}」？`}
      description={
        published
          ? '下架后学员不再看到这条通知；可以修改后再次发布。'
          : `将发送给 ${notice.audience} 名学员（${notice.targetLabel}），每人收到一条消息。`
      }
      okText={published ? '下架' : '发布'}
      onConfirm={() =>
        (published ? noticesApi.withdraw(notice.id) : noticesApi.publish(notice.id)).then(
          () => {
            void message.success(published ? '已下架' : '已发布')
            onDone()
          },
          () => undefined,
        )
      }
    >
      {button ? (
        <Button type={published ? 'default' : 'primary'}>{published ? '下架' : '发布'}</Button>
      ) : (
        <Button type='link' className='console-link-button'>
          {published ? '下架' : '发布'}
        </Button>
      )}
    </Popconfirm>
  )
}

export function RemoveNotice({ notice, onRemoved }: { notice: NoticeItem; onRemoved: () => void }) {
  if (notice.status === NoticeStatus.published) return null
  return (
    <RemoveAction
      title={`删除「${notice.title}」？`}
      description='删除后不能恢复。'
      remove={() => noticesApi.remove(notice.id)}
      onRemoved={onRemoved}
    />
  )
}
