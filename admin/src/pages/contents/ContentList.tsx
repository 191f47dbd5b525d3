/**
 * 内容: the pages partners read: the agreement and the privacy policy (kept under their keys: the
 * app opens them by name, so they cannot be renamed or removed) and other contents. Whoever may
 * open it reads the list; who holds the right (access.ts canManageContents) creates, edits and
 * removes.
 */
import { LockOutlined } from '@ant-design/icons'
import { PageContainer } from '../../components/PageContainer'
import { Space, Tag, Tooltip, Typography } from 'antd'
import { RemoveAction } from '../../components/RemoveAction'
import { Link, useNavigate } from 'react-router-dom'
import { PROTECTED_KEYS, type SiteContentItem, siteContentsApi } from '../../api/site-contents'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { toServerQuery } from '../../hooks/list-state'
import { formatDateTime } from '../../format'
import { useAccess } from '../../session/access'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

export default function ContentList() {
  const { canManageContents } = useAccess()
  const navigate = useNavigate()
  const { actionRef, reload } = useTableReload()

  const columns: ListColumn<SiteContentItem>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '标题' } },
    {
      title: '标题',
      dataIndex: 'title',
      search: false,
      render: (_, c) => (canManageContents ? <Link to={`/contents/${c.id}/edit`}>{c.title}</Link> : c.title),
    },
    {
      title: '标识',
      dataIndex: 'key',
      search: false,
      width: 200,
      render: (_, c) =>
        c.key ? (
          <Space size={4}>
            <Tag>{c.key}</Tag>
            {PROTECTED_KEYS[c.key] ? (
              <Tooltip title={`合伙人端 ${PROTECTED_KEYS[c.key]} 按这个标识打开，不能改名或删除`}>
                <LockOutlined aria-label='固定标识' />
              </Tooltip>
            ) : null}
          </Space>
        ) : (
          <Typography.Text type='secondary'>-</Typography.Text>
        ),
    },
    { title: '摘要', dataIndex: 'summary', search: false, ellipsis: true },
    { title: '更新时间', dataIndex: 'updatedAt', search: false, width: 160, render: (_, c) => formatDateTime(c.updatedAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      hideInTable: !canManageContents,
      render: (_, c) => [
        <Link key='edit' to={`/contents/${c.id}/edit`}>
          编辑
        </Link>,
        c.key && PROTECTED_KEYS[c.key] ? (
          <Tooltip key='remove' title='用户协议和隐私政策不能删除'>
            <Typography.Text type='secondary'>删除</Typography.Text>
          </Tooltip>
        ) : (
          <RemoveAction key='remove' title={`删除「${c.title}」？`} remove={() => siteContentsApi.remove(c.id)} onRemoved={reload} />
        ),
      ],
    },
  ]

  return (
    <PageContainer title='内容'>
      <ListTable<SiteContentItem>
        actionRef={actionRef}
        headerTitle='内容列表'
        columns={columns}
        fetch={(state) => siteContentsApi.list(toServerQuery(state))}
        emptyText='没有符合条件的内容'
        toolBarRender={() =>
          canManageContents
            ? [
                <AddButton key='add' onClick={() => navigate('/contents/new')}>
                  新建内容
                </AddButton>,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
