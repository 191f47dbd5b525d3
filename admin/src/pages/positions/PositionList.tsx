/**
 * 岗位: the office's positions and, per screen, what each may see and do (the rights of
 * packages/domain rights.ts). Today's three roles are the built-in 管理员 (every right, fixed),
 * 财务 and 招生老师; the administrator adds positions such as 招生主管 and ticks their rights. A
 * change holds from the next call of every operator in the position (the server checks each call);
 * the position one holds oneself cannot be changed by oneself. Every change is in 操作日志.
 */
import { PageContainer } from '../../components/PageContainer'
import { Button, Space, type TableColumnsType, Tag, Typography } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { type Position, positionsApi, type RightCatalogue } from '../../api/positions'
import type { ScreenPreload } from '../../screen-preload'
import { lazyDialog } from '../../components/LazyDialog'
import { WholeListCard } from '../../components/list/ListCard'
import { RemoveAction } from '../../components/RemoveAction'
import { PositionTag } from '../../components/status'
import { formatDateTime } from '../../format'
import { useAccess } from '../../session/access'
import { useSession } from '../../session/session'
import { AddButton } from '../../components/AddButton'

// The form (pro-form and the rights matrix) loads when first clicked, not with the list.
const PositionForm = lazyDialog(() => import('./PositionForm').then((m) => m.PositionForm))

/** The positions and the rights' catalogue, asked for before the screen renders (routes.tsx). */
export const preload: ScreenPreload = () => {
  void positionsApi.rights()
  void positionsApi.list()
}

export default function PositionList() {
  const { canManagePositions } = useAccess()
  const { admin: me } = useSession()
  const [positions, setPositions] = useState<Position[]>()
  const [catalogue, setCatalogue] = useState<RightCatalogue>([])
  const [version, setVersion] = useState(0)
  const reload = () => setVersion((v) => v + 1)

  useEffect(() => {
    void positionsApi.rights().then(setCatalogue, () => undefined)
  }, [])
  useEffect(() => {
    void positionsApi.list().then(setPositions, () => setPositions([]))
  }, [version])

  const labels = useMemo(
    () => new Map(catalogue.flatMap((s) => s.actions.map((a) => [a.right, `${s.name}·${a.name}`] as const))),
    [catalogue],
  )

  const columns: TableColumnsType<Position> = [
    {
      title: '岗位',
      dataIndex: 'name',
      width: 250,
      render: (_, p) => (
        <Space>
          <PositionTag name={p.name} />
          {p.builtin ? <Tag>内置</Tag> : null}
          {p.id === me?.positionId ? <Tag color='processing'>我的岗位</Tag> : null}
        </Space>
      ),
    },
    { title: '说明', dataIndex: 'description', width: 180, ellipsis: true, render: (text: string) => text || '-' },
    {
      title: '权限',
      dataIndex: 'rights',
      render: (_, p) =>
        p.allRights ? (
          <Typography.Text strong>全部权限</Typography.Text>
        ) : (
          <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: '展开' }} style={{ marginBottom: 0 }}>
            {p.rights.length === 0 ? '无' : `${p.rights.length}项：${p.rights.map((r) => labels.get(r) ?? r).join('、')}`}
          </Typography.Paragraph>
        ),
    },
    {
      title: '操作员',
      dataIndex: 'members',
      width: 80,
      align: 'right',
      render: (_, p) => <span className='console-figure'>{p.members}</span>,
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (_, p) => formatDateTime(p.updatedAt) },
  ]
  if (canManagePositions)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, p) => (
        <Space size='middle'>
          {p.allRights || p.id === me?.positionId ? null : (
            <PositionForm
              position={p}
              catalogue={catalogue}
              onSaved={reload}
              trigger={
                <Button type='link' className='console-link-button'>
                  编辑权限
                </Button>
              }
            />
          )}
          {p.builtin ? null : (
            <RemoveAction
              title={`删除岗位「${p.name}」？`}
              description={p.members > 0 ? '岗位下还有操作员，请先为他们更换岗位。' : undefined}
              remove={() => positionsApi.remove(p.id)}
              onRemoved={reload}
            />
          )}
        </Space>
      ),
    })

  return (
    <PageContainer title='岗位' content='岗位决定操作员能看到的菜单和能做的操作；修改在岗位下操作员的下一次操作时生效，并记入操作日志。'>
      <div className='console-list'>
        <WholeListCard<Position>
          title='岗位'
          tools={
            canManagePositions
              ? [<PositionForm key='add' catalogue={catalogue} onSaved={reload} trigger={<AddButton>新增岗位</AddButton>} />]
              : []
          }
          loading={positions === undefined}
          dataSource={positions}
          columns={columns}
        />
      </div>
    </PageContainer>
  )
}
