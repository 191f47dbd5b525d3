/**
 * One photo collection: its batch, deadline, specification and naming above its students, by
 * photo status (未上传 or the approval's) and name, each with their latest photo (click to
 * enlarge), its status and when it was uploaded. 编辑 for 毕业 · 编辑; 下载照片包 (the approved
 * photos as a ZIP) for 毕业 · 导出: photos named by 身份证号 carry the numbers in full, so that
 * download is a 明文导出 (its right and a step-up), and the page says so.
 */
import { Button, Descriptions, Empty, Image, Space, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { type CollectionStudents, graduationApi, type PhotoCollection, type StudentPhoto } from '../../api/graduation'
import { ExportButton } from '../../components/ExportButton'
import { lazyDialog } from '../../components/LazyDialog'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { PageContainer } from '../../components/PageContainer'
import { EnumTag, valueEnum } from '../../components/status'
import { formatDateTime } from '../../format'
import { type ListState, readListState, toServerQuery } from '../../hooks/list-state'
import { useTableReload } from '../../hooks/useTableReload'
import type { ScreenPreload } from '../../screen-preload'
import { useAccess } from '../../session/access'
import { APPROVAL_STATUS_LOOKS } from '../approvals/approval'
import { batchLabel } from '../students/roll'
import { NOT_UPLOADED, OPEN_LOOKS, downloadQuery, namesByIdCard, openKey, photoSize, photoStatusOf, specLabel } from './photos'

const CollectionForm = lazyDialog(() => import('./CollectionForm').then((m) => m.CollectionForm))

/** 未上传 and the approval's statuses: the filter's options and the row's tag. */
const PHOTO_STATUS_ENUM = {
  [NOT_UPLOADED]: { text: NOT_UPLOADED, status: 'Default' },
  ...APPROVAL_STATUS_LOOKS,
} as const
const PHOTO_STATUS = valueEnum(Object.keys(PHOTO_STATUS_ENUM), PHOTO_STATUS_ENUM)

const ID_CARD_REASON = '照片按身份证号命名，文件名是完整身份证号'

function fetchPage(state: ListState, collectionId: string | undefined) {
  return graduationApi.students({ ...toServerQuery(state), collectionId: collectionId ?? '' })
}

export const preload: ScreenPreload = ({ params, search }) => void fetchPage(readListState(search), params.id)

function Summary({ collection }: { collection: PhotoCollection }) {
  return (
    <Descriptions
      size='small'
      column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 4 }}
      data-testid='collection-summary'
      items={[
        { key: 'batch', label: '批次', children: batchLabel(collection.batchYear, collection.batch) },
        { key: 'deadline', label: '截止日期', children: collection.deadlineDate },
        { key: 'spec', label: '照片要求', children: specLabel(collection) },
        { key: 'naming', label: '照片命名', children: collection.naming },
      ]}
    />
  )
}

export default function CollectionPhotos() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { canEditGraduation, canExportGraduation } = useAccess()
  const { actionRef, reload } = useTableReload()
  const [collection, setCollection] = useState<PhotoCollection>()

  const fetch = async (state: ListState): Promise<CollectionStudents> => {
    const page = await fetchPage(state, id)
    setCollection(page.collection)
    return page
  }

  const columns: ListColumn<StudentPhoto>[] = [
    { title: '姓名', dataIndex: 'name', hideInTable: true, fieldProps: { placeholder: '学员姓名' } },
    {
      title: '照片',
      dataIndex: 'photo',
      search: false,
      width: 80,
      render: (_, s) =>
        s.photo ? (
          <Image
            src={s.photo.url}
            width={48}
            height={64}
            className='console-thumb'
            alt={`${s.name}的毕业照片`}
            preview={{ mask: '放大' }}
          />
        ) : (
          <Typography.Text type='secondary'>—</Typography.Text>
        ),
    },
    {
      title: '学员',
      dataIndex: 'studentName',
      search: false,
      render: (_, s) => (
        <>
          {s.name}
          <Typography.Text type='secondary' className='console-sub'>
            {s.studentNo ? `学号 ${s.studentNo}` : '无学号'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      width: 100,
      valueEnum: PHOTO_STATUS,
      render: (_, s) => <EnumTag valueEnum={PHOTO_STATUS} value={photoStatusOf(s)} />,
    },
    {
      title: '大小',
      dataIndex: 'bytes',
      search: false,
      width: 90,
      align: 'right',
      render: (_, s) => (s.photo ? photoSize(s.photo.bytes) : '-'),
    },
    { title: '上传时间', dataIndex: 'uploadedAt', search: false, width: 160, render: (_, s) => formatDateTime(s.photo?.uploadedAt) },
  ]

  const back = () => navigate('/graduation/photos')
  return (
    <PageContainer
      title={collection?.title ?? '毕业照片'}
      onBack={back}
      tags={collection ? <EnumTag valueEnum={OPEN_LOOKS} value={openKey(collection)} /> : null}
      extra={
        collection ? (
          <Space wrap>
            {canEditGraduation ? <CollectionForm collection={collection} onSaved={reload} trigger={<Button>编辑</Button>} /> : null}
            {canExportGraduation ? (
              <ExportButton
                path={graduationApi.downloadPath}
                query={downloadQuery(collection)}
                fallbackName={`${collection.title}-毕业照片.zip`}
                unmaskedOnly={namesByIdCard(collection) ? ID_CARD_REASON : undefined}
                testId='photos-download'
              >
                下载照片包
              </ExportButton>
            ) : null}
          </Space>
        ) : null
      }
      content={collection ? <Summary collection={collection} /> : null}
    >
      <ListTable<StudentPhoto>
        actionRef={actionRef}
        headerTitle='学员照片'
        rowKey='studentId'
        columns={columns}
        fetch={fetch}
        emptyText={<Empty description='没有符合条件的学员' />}
      />
      <Typography.Text type='secondary' className='console-small'>
        照片包只含审批通过的照片，每名学员取最新一张。
        {collection && namesByIdCard(collection) ? `${ID_CARD_REASON}，下载属于明文导出：需要明文导出权限，并在下载前验证身份。` : ''}
      </Typography.Text>
    </PageContainer>
  )
}
