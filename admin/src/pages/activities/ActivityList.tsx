/**
 * 活动: campaigns and news, by keyword, type, publish status and state (未开始 / 进行中 / 已结束).
 * Whoever may open it reads; who holds the right (access.ts canManageActivities) creates, publishes,
 * takes down, edits and removes. Each opens its page with the phone preview and the clues it brought.
 */
import { PageContainer } from '../../components/PageContainer'
import { ActivityStatus } from '@activity/wire'
import { App, Button, Image, Popconfirm, Space, Tag, Typography } from 'antd'
import { RemoveAction } from '../../components/RemoveAction'
import { Link, useNavigate } from 'react-router-dom'
import { type Activity, activitiesApi } from '../../api/activities'
import { ACTIVITY_STATE_ENUM, ACTIVITY_STATUS_ENUM, ACTIVITY_TYPE_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { TwoLineCell } from '../../components/TwoLineCell'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

/** Publish / take down, with the server's refusal shown by the client. */
export function PublishButton({ activity, onDone, button = false }: { activity: Activity; onDone: () => void; button?: boolean }) {
  const { message } = App.useApp()
  const published = activity.status === ActivityStatus.published
  return (
    <Popconfirm
      title={published ? `下线「${activity.title}」？` : `发布「${activity.title}」？`}
      description={published ? '下线后合伙人和访客都看不到这个活动，报名表单随之关闭。' : '发布后合伙人可以分享，访客可以看到。'}
      okText={published ? '下线' : '发布'}
      onConfirm={() =>
        (published ? activitiesApi.unpublish(activity.id) : activitiesApi.publish(activity.id)).then(
          () => {
            message.success(published ? '已下线' : '已发布')
            onDone()
          },
          () => undefined,
        )
      }
    >
      {button ? (
        <Button type={published ? 'default' : 'primary'}>{published ? '下线' : '发布'}</Button>
      ) : (
        <a>{published ? '下线' : '发布'}</a>
      )}
    </Popconfirm>
  )
}

export default function ActivityList() {
  const { canManageActivities } = useAccess()
  const navigate = useNavigate()
  const { actionRef, reload } = useTableReload()

  const columns: ListColumn<Activity>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '标题' } },
    {
      title: '封面',
      dataIndex: 'cover',
      search: false,
      width: 96,
      render: (_, a) =>
        a.cover ? (
          <Image src={a.cover} alt='' width={80} height={43} className='console-thumb' />
        ) : (
          <Typography.Text type='secondary'>无</Typography.Text>
        ),
    },
    {
      title: '标题',
      dataIndex: 'title',
      search: false,
      render: (_, a) => <Link to={`/activities/${a.id}`}>{a.title}</Link>,
    },
    {
      title: '类型',
      dataIndex: 'type',
      valueType: 'select',
      valueEnum: ACTIVITY_TYPE_ENUM,
      width: 100,
    },
    {
      title: '发布',
      dataIndex: 'status',
      valueType: 'select',
      ...enumColumn(ACTIVITY_STATUS_ENUM),
      width: 90,
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      ...enumColumn(ACTIVITY_STATE_ENUM),
      width: 90,
    },
    {
      title: '报名表单',
      dataIndex: 'acceptsClues',
      search: false,
      width: 90,
      render: (_, a) => (a.acceptsClues ? <Tag color='green'>开放</Tag> : <Typography.Text type='secondary'>关闭</Typography.Text>),
    },
    {
      title: '活动时间',
      dataIndex: 'startAt',
      search: false,
      width: 170,
      render: (_, a) => <TwoLineCell main={formatDateTime(a.startAt)} sub={<>至 {formatDateTime(a.endAt)}</>} />,
    },
    {
      title: '操作',
      valueType: 'option',
      width: canManageActivities ? 190 : 70,
      render: (_, a) => [
        <Link key='view' to={`/activities/${a.id}`}>
          查看
        </Link>,
        ...(canManageActivities
          ? [
              <Link key='edit' to={`/activities/${a.id}/edit`}>
                编辑
              </Link>,
              <PublishButton key='publish' activity={a} onDone={reload} />,
              <RemoveAction
                key='remove'
                title={`删除「${a.title}」？`}
                description='删除后不能恢复；已登记的线索保留。'
                remove={() => activitiesApi.remove(a.id)}
                onRemoved={reload}
              />,
            ]
          : []),
      ],
    },
  ]

  return (
    <PageContainer title='活动'>
      <ListTable<Activity>
        actionRef={actionRef}
        headerTitle='活动列表'
        columns={columns}
        fetch={(state) => activitiesApi.list(toServerQuery(state))}
        emptyText='没有符合条件的活动'
        toolBarRender={() =>
          canManageActivities
            ? [
                <AddButton key='add' onClick={() => navigate('/activities/new')}>
                  新建活动
                </AddButton>,
              ]
            : []
        }
      />
      <Space className='console-gap-top-xs'>
        <Typography.Text type='secondary'>
          招生活动在活动时间内（进行中）开放报名表单，访客通过合伙人分享的链接报名；资讯没有报名表单。
        </Typography.Text>
      </Space>
    </PageContainer>
  )
}
