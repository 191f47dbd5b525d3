/**
 * 物流异常: the exceptions queue, oldest problem first: parcels the carrier returned (退签), marked
 * 疑难 or does not know (无记录), and those with no new track for days (停滞), by source and keyword
 * in the address. Who holds 教材 · 邮寄、运单与异常 handles one with a note (处理): it leaves the
 * queue until a new exception, or days more without a track. 物流 opens the parcel's drawer.
 */
import { Button, Empty, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { type Parcel, parcelsApi } from '../../api/parcels'
import { lazyDialog } from '../../components/LazyDialog'
import { listPreload, ListTable, type ListColumn } from '../../components/ListTable'
import { PageContainer } from '../../components/PageContainer'
import { type ListState, toServerQuery } from '../../hooks/list-state'
import { useTableReload } from '../../hooks/useTableReload'
import { useAccess } from '../../session/access'
import { parcelColumns } from './columns'
import { useTracking } from './useTracking'

const ParcelDrawer = lazy(() => import('./ParcelDrawer').then((m) => ({ default: m.ParcelDrawer })))
const HandleForm = lazyDialog(() => import('./HandleForm').then((m) => m.HandleForm))

function fetchPage(state: ListState) {
  return parcelsApi.list({ ...toServerQuery(state), queue: 'true' })
}

export const preload = listPreload(fetchPage)

export default function ExceptionList() {
  const { canEditTextbooks } = useAccess()
  const tracking = useTracking()
  const { actionRef, reload } = useTableReload()
  const [open, setOpen] = useState<number | null>(null)
  const [opened, setOpened] = useState(false)
  if (open !== null && !opened) setOpened(true)

  const columns: ListColumn<Parcel>[] = [
    ...parcelColumns({ canEdit: canEditTextbooks, reload, stuckDays: tracking?.stuckDays, queue: true }),
    {
      title: '操作',
      valueType: 'option',
      width: canEditTextbooks ? 110 : 70,
      fixed: 'right',
      render: (_, p) => [
        ...(canEditTextbooks
          ? [
              <HandleForm
                key='handle'
                parcel={p}
                stuckDays={tracking?.stuckDays}
                onDone={reload}
                trigger={
                  <Button type='link' className='console-link-button' aria-label={`处理 ${p.waybillNo}`}>
                    处理
                  </Button>
                }
              />,
            ]
          : []),
        <Button
          key='track'
          type='link'
          className='console-link-button'
          onClick={() => setOpen(p.id)}
          aria-label={`查看 ${p.waybillNo} 的物流`}
        >
          物流
        </Button>,
      ],
    },
  ]

  return (
    <PageContainer title='物流异常' subTitle='退签、疑难、无记录和停滞的包裹，最早出现问题的在前'>
      <ListTable<Parcel>
        actionRef={actionRef}
        headerTitle='异常队列'
        columns={columns}
        fetch={fetchPage}
        scroll={{ x: 1300 }}
        emptyText={<Empty description='没有待处理的物流异常' />}
      />
      <Typography.Text type='secondary' className='console-small'>
        {tracking ? `超过${tracking.stuckDays}天没有新轨迹的包裹记为停滞。` : ''}
        处理后包裹移出队列；再有新的异常，或又连续多日无新轨迹时，会重新进入。
      </Typography.Text>
      {opened ? (
        <Suspense fallback={null}>
          <ParcelDrawer id={open} onClose={() => setOpen(null)} onChanged={reload} />
        </Suspense>
      ) : null}
    </PageContainer>
  )
}
