/**
 * 运单: every tracked parcel (a mailing's textbooks, a points-shop exchange), newest first, by
 * source, state and keyword (a whole waybill number or a student's name), all in the address: the
 * carrier and number, the state and any problem, the latest track, and the subscription with the
 * tracking provider (重新订阅 after a refusal, for who holds 教材 · 邮寄、运单与异常). 物流 opens the
 * parcel's drawer (its tracks; on the sandbox carrier, its pushes).
 */
import { Button, Empty } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { type Parcel, parcelsApi } from '../../api/parcels'
import { listPreload, ListTable, type ListColumn } from '../../components/ListTable'
import { PageContainer } from '../../components/PageContainer'
import { type ListState, toServerQuery } from '../../hooks/list-state'
import { useTableReload } from '../../hooks/useTableReload'
import { useAccess } from '../../session/access'
import { parcelColumns } from './columns'

// The drawer (its timeline, the handling dialog) loads with the first parcel opened.
const ParcelDrawer = lazy(() => import('./ParcelDrawer').then((m) => ({ default: m.ParcelDrawer })))

function fetchPage(state: ListState) {
  return parcelsApi.list(toServerQuery(state))
}

export const preload = listPreload(fetchPage)

export default function ParcelList() {
  const { canEditTextbooks } = useAccess()
  const { actionRef, reload } = useTableReload()
  const [open, setOpen] = useState<number | null>(null)
  // Mounted from the first opening on, so it can animate closed.
  const [opened, setOpened] = useState(false)
  if (open !== null && !opened) setOpened(true)

  const columns: ListColumn<Parcel>[] = [
    ...parcelColumns({ canEdit: canEditTextbooks, reload }),
    {
      title: '操作',
      valueType: 'option',
      width: 70,
      fixed: 'right',
      render: (_, p) => (
        <Button type='link' className='console-link-button' onClick={() => setOpen(p.id)} aria-label={`查看 ${p.waybillNo} 的物流`}>
          物流
        </Button>
      ),
    },
  ]

  return (
    <PageContainer title='运单' subTitle='教材邮寄和积分商城兑换的包裹，轨迹由快递公司推送'>
      <ListTable<Parcel>
        actionRef={actionRef}
        headerTitle='运单'
        columns={columns}
        fetch={fetchPage}
        scroll={{ x: 1000 }}
        emptyText={<Empty description='没有符合条件的运单' />}
      />
      {opened ? (
        <Suspense fallback={null}>
          <ParcelDrawer id={open} onClose={() => setOpen(null)} onChanged={reload} />
        </Suspense>
      ) : null}
    </PageContainer>
  )
}
