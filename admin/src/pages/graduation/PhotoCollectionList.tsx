/**
 * 毕业照片: the photo collections, one per batch, with their deadline, the photo's specification,
 * how the ZIP names the photos and how far each has come (学员, 已上传, 审核中, 已通过). Who holds
 * 毕业 · 编辑 (access.ts canEditGraduation) opens a collection (开启采集) and changes one; a
 * collection opens its students and their photos (CollectionPhotos) and the download.
 */
import { Button, Space, type TableColumnsType, Typography } from 'antd'
import { Link, useNavigate } from 'react-router-dom'
import { graduationApi, type PhotoCollectionRow } from '../../api/graduation'
import { AddButton } from '../../components/AddButton'
import { lazyDialog } from '../../components/LazyDialog'
import { WholeListScreen } from '../../components/list/WholeListScreen'
import { EnumTag } from '../../components/status'
import { useRemote } from '../../hooks/useRemote'
import type { ScreenPreload } from '../../screen-preload'
import { useAccess } from '../../session/access'
import { batchLabel } from '../students/roll'
import { OPEN_LOOKS, openKey, specLabel } from './photos'

/** 开启采集 / 编辑: loaded when first opened. */
const CollectionForm = lazyDialog(() => import('./CollectionForm').then((m) => m.CollectionForm))

export const preload: ScreenPreload = () => void graduationApi.collections()

const count = (n: number) => <span className='console-nowrap'>{n}</span>

export default function PhotoCollectionList() {
  const { canEditGraduation } = useAccess()
  const navigate = useNavigate()
  const { data, error, loading, reload } = useRemote(() => graduationApi.collections(), [])

  const columns: TableColumnsType<PhotoCollectionRow> = [
    {
      title: '采集名称 / 批次',
      dataIndex: 'title',
      render: (_, c) => (
        <>
          <Link to={`/graduation/photos/${c.id}`}>{c.title}</Link>
          <Typography.Text type='secondary' className='console-sub'>
            {batchLabel(c.batchYear, c.batch)}
          </Typography.Text>
        </>
      ),
    },
    { title: '截止日期', dataIndex: 'deadlineDate', width: 105 },
    {
      title: '照片要求',
      key: 'spec',
      width: 205,
      render: (_, c) => <span className='console-small'>{specLabel(c)}</span>,
    },
    { title: '命名', dataIndex: 'naming', width: 80 },
    { title: '学员', dataIndex: 'students', width: 60, align: 'right', render: count },
    { title: '已上传', dataIndex: 'uploaded', width: 70, align: 'right', render: count },
    { title: '审核中', dataIndex: 'pending', width: 70, align: 'right', render: count },
    { title: '已通过', dataIndex: 'approved', width: 70, align: 'right', render: count },
    { title: '状态', dataIndex: 'open', width: 80, render: (_, c) => <EnumTag valueEnum={OPEN_LOOKS} value={openKey(c)} /> },
    {
      title: '操作',
      key: 'actions',
      width: canEditGraduation ? 100 : 60,
      fixed: 'right',
      render: (_, c) => (
        <Space size='middle'>
          <Link to={`/graduation/photos/${c.id}`}>查看</Link>
          {canEditGraduation ? (
            <CollectionForm
              collection={c}
              onSaved={reload}
              trigger={
                <Button type='link' className='console-link-button' aria-label={`编辑「${c.title}」`}>
                  编辑
                </Button>
              }
            />
          ) : null}
        </Space>
      ),
    },
  ]

  return (
    <WholeListScreen<PhotoCollectionRow>
      title='毕业照片'
      cardTitle='照片采集'
      editable={canEditGraduation}
      add={<CollectionForm trigger={<AddButton>开启采集</AddButton>} onSaved={(saved) => navigate(`/graduation/photos/${saved.id}`)} />}
      remote={{ data, error, loading, reload }}
      columns={columns}
      empty='还没有开启照片采集'
      note='每个批次开启一次采集；学员在 APP 上传照片，经班主任和教务处审批通过后可下载照片包。'
    />
  )
}
