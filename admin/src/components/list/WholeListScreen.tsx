/**
 * A screen that is one whole list (a batch's collections, thesis batches, graduation audits): its
 * title (只读 for who may not edit), the load failure above the card, the card's 新建 button for who
 * may, the empty text, and a note under it saying how the list works.
 */
import { Empty, type TableColumnsType, Typography } from 'antd'
import type { ReactNode } from 'react'
import { LoadFailure } from '../LoadFailure'
import { PageContainer } from '../PageContainer'
import { WholeListCard } from './ListCard'

export function WholeListScreen<T extends object>({
  title,
  cardTitle,
  editable,
  add,
  remote: { data, error, loading, reload },
  columns,
  empty,
  note,
}: {
  title: string
  cardTitle: string
  /** False: the title says 只读 and there is no 新建. */
  editable: boolean
  /** The 新建 button with its dialog. */
  add: ReactNode
  remote: { data: readonly T[] | undefined; error: string | undefined | null; loading: boolean; reload: () => void }
  columns: TableColumnsType<T>
  /** What the empty list says. */
  empty: string
  note: ReactNode
}) {
  return (
    <PageContainer title={title} subTitle={editable ? undefined : '只读'}>
      <div className='console-list'>
        {error ? <LoadFailure title={`${cardTitle}加载失败`} error={error} small onRetry={reload} className='console-gap-bottom' /> : null}
        <WholeListCard<T>
          title={cardTitle}
          tools={editable ? [add] : []}
          onReload={reload}
          loading={loading}
          columns={columns}
          dataSource={error ? [] : [...(data ?? [])]}
          scroll={{ x: 960 }}
          locale={{ emptyText: <Empty description={error ? '加载失败，请重试' : empty} /> }}
        />
      </div>
      <Typography.Text type='secondary' className='console-small'>
        {note}
      </Typography.Text>
    </PageContainer>
  )
}
