/**
 * 商品: the points shop's goods (教材, 课程券, 实物) with their points, stock, per-person limit and
 * whether listed. Every role reads; 管理员 adds, changes, lists/unlists and deletes (one with
 * exchanges is unlisted instead).
 */
import { PageContainer } from '../../components/PageContainer'
import { GoodStatus } from '@activity/wire'
import { App, Empty, Image, Popconfirm, Typography } from 'antd'
import { type Good, pointsApi } from '../../api/points'
import { lazyDialog } from '../../components/LazyDialog'
import { RemoveAction } from '../../components/RemoveAction'
import { enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { GOOD_KIND_ENUM, GOOD_STATUS_ENUM } from './enums'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

/** 新增商品 / 修改: in a module of its own, loaded when first opened (it brings the picture upload). */
const GoodForm = lazyDialog(() => import('./GoodForm').then((m) => m.GoodForm))

export default function GoodList() {
  const { message } = App.useApp()
  const { canManagePoints } = useAccess()
  const { actionRef, reload } = useTableReload()
  const columns: ListColumn<Good>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '商品名称' } },
    {
      title: '图片',
      dataIndex: 'coverUrl',
      search: false,
      width: 64,
      render: (_, g) => (g.coverUrl ? <Image src={g.coverUrl} width={40} height={40} alt={g.name} /> : '—'),
    },
    {
      title: '商品名称',
      dataIndex: 'name',
      search: false,
      render: (_, g) => (g.courseTitle ? `${g.name}（开通「${g.courseTitle}」）` : g.name),
    },
    { title: '类型', dataIndex: 'kind', valueType: 'select', width: 84, ...enumColumn(GOOD_KIND_ENUM) },
    { title: '所需积分', dataIndex: 'points', search: false, width: 84, align: 'right' },
    { title: '库存', dataIndex: 'stock', search: false, width: 64, align: 'right' },
    { title: '已兑换', dataIndex: 'sold', search: false, width: 72, align: 'right' },
    {
      title: '每人限兑',
      dataIndex: 'perPersonLimit',
      search: false,
      width: 90,
      align: 'right',
      render: (_, g) => (g.perPersonLimit ? g.perPersonLimit : '不限'),
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 80, ...enumColumn(GOOD_STATUS_ENUM) },
    { title: '排序', dataIndex: 'sort', search: false, width: 60, align: 'right' },
    {
      title: '操作',
      valueType: 'option',
      width: 160,
      hideInTable: !canManagePoints,
      render: (_, g) => {
        const next = g.status === GoodStatus.listed ? GoodStatus.unlisted : GoodStatus.listed
        return [
          <GoodForm key='edit' good={g} onSaved={reload} trigger={<a>修改</a>} />,
          <Popconfirm
            key='status'
            title={`${next}「${g.name}」？`}
            okText={next}
            cancelText='取消'
            onConfirm={async () => {
              await pointsApi.setGoodStatus({ id: g.id, status: next })
              message.success(`已${next}`)
              reload()
            }}
          >
            <Typography.Link>{next}</Typography.Link>
          </Popconfirm>,
          <RemoveAction
            key='remove'
            title={`删除商品「${g.name}」？`}
            description='已有兑换订单的商品不能删除，请下架。'
            remove={() => pointsApi.removeGood(g.id)}
            onRemoved={reload}
            done='商品已删除'
          />,
        ]
      },
    },
  ]
  return (
    <PageContainer title='商品' subTitle='积分商城的商品，兑换时扣积分和库存在同一事务完成'>
      <ListTable<Good>
        actionRef={actionRef}
        headerTitle='商品'
        columns={columns}
        fetch={(state) => pointsApi.goods(toServerQuery(state))}
        emptyText={<Empty description='没有符合条件的商品' />}
        toolBarRender={() => (canManagePoints ? [<GoodForm key='add' onSaved={reload} trigger={<AddButton>新增商品</AddButton>} />] : [])}
      />
    </PageContainer>
  )
}
