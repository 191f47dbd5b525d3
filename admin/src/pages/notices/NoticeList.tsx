/**
 * 通知公告: notices to students, by keyword and status, with whom each addresses, how many
 * students that is now and how many have read it. Who holds the right (access.ts canManageNotices)
 * publishes, takes down and deletes here, and writes (with the phone preview) on the edit screen.
 */
import { PageContainer } from '../../components/PageContainer'
import { NoticeStatus } from '@activity/wire'
import { Empty } from 'antd'
import { Link, useNavigate } from 'react-router-dom'
import { type NoticeItem, noticesApi } from '../../api/notices'
import { NOTICE_STATUS_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { PublishAction, RemoveNotice } from './NoticeActions'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

export default function NoticeList() {
  const { canManageNotices } = useAccess()
  const navigate = useNavigate()
  const { actionRef, reload } = useTableReload()

  const columns: ListColumn<NoticeItem>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '标题' } },
    {
      title: '标题',
      dataIndex: 'title',
      search: false,
      ellipsis: true,
      render: (_, n) => (canManageNotices ? <Link to={`/notices/${n.id}/edit`}>{n.title}</Link> : n.title),
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 90, ...enumColumn(NOTICE_STATUS_ENUM) },
    { title: '发送对象', dataIndex: 'targetLabel', search: false, width: 240, ellipsis: true },
    { title: '覆盖学员', dataIndex: 'audience', search: false, width: 90, align: 'right', render: (_, n) => `${n.audience} 人` },
    {
      title: '已读',
      dataIndex: 'readCount',
      search: false,
      width: 80,
      align: 'right',
      render: (_, n) => (n.status === NoticeStatus.draft ? '-' : `${n.readCount} 人`),
    },
    { title: '发布时间', dataIndex: 'publishedAt', search: false, width: 140, render: (_, n) => formatDateTime(n.publishedAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 170,
      hideInTable: !canManageNotices,
      render: (_, n) => [
        <Link key='edit' to={`/notices/${n.id}/edit`}>
          {n.status === NoticeStatus.published ? '查看' : '编辑'}
        </Link>,
        <PublishAction key='publish' notice={n} onDone={reload} />,
        <RemoveNotice key='remove' notice={n} onRemoved={reload} />,
      ],
    },
  ]

  return (
    <PageContainer title='通知公告' subTitle='发给学员的通知，发布后学员在「通知公告」中看到'>
      <ListTable<NoticeItem>
        actionRef={actionRef}
        headerTitle='通知列表'
        columns={columns}
        fetch={(state) => noticesApi.list(toServerQuery(state))}
        emptyText={<Empty description='没有符合条件的通知' />}
        toolBarRender={() =>
          canManageNotices
            ? [
                <AddButton key='add' onClick={() => navigate('/notices/new')}>
                  新建通知
                </AddButton>,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
