/**
 * 商品: the points shop's goods (教材, 课程券, 实物) with their points, stock, per-person limit and
 * whether listed. Every role reads; 管理员 adds, changes, lists/unlists and deletes (one with
 * exchanges is unlisted instead).
 */
import { ProFormDependency, ProFormDigit, ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components'
import { PageContainer } from '../../components/PageContainer'
import { GOOD_KINDS, GOOD_STATUSES, GoodKind, GoodStatus } from '@activity/wire'
import { App, Empty, Form, Image, Popconfirm, Typography } from 'antd'
import { type ReactElement } from 'react'
import { coursesApi } from '../../api/courses'
import { type Good, type GoodInput, pointsApi } from '../../api/points'
import { ImageUpload } from '../../components/ImageUpload'
import { RemoveAction } from '../../components/RemoveAction'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { GOOD_KIND_ENUM, GOOD_STATUS_ENUM } from './enums'
import { requiredText } from '../../form-rules'
import { recordTexts, saveRecord } from '../../components/record-form'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

const PICTURES = {
  upload: (file: File) => pointsApi.upload(file).then(({ url }) => url),
  check: (file: File) =>
    !['image/png', 'image/jpeg', 'image/webp'].includes(file.type)
      ? '只能上传 PNG、JPEG 或 WebP 图片'
      : file.size > 5 * 1024 * 1024
        ? '图片不能超过5MB'
        : null,
  accept: 'image/png,image/jpeg,image/webp',
}

type GoodValues = Omit<GoodInput, 'cover'> & { cover?: string }

function GoodForm({ good, trigger, onSaved }: { good?: Good; trigger: ReactElement; onSaved: () => void }) {
  return (
    <SubmitModalForm<GoodValues>
      {...recordTexts('商品', good)}
      trigger={trigger}
      width={600}
      initialValues={
        good
          ? { ...good, cover: good.coverUrl ?? undefined, courseId: good.courseId ?? undefined, description: good.description ?? undefined }
          : { kind: GoodKind.physical, status: GoodStatus.listed, perPersonLimit: 0, sort: 0 }
      }
      onSubmit={(values) => {
        const input: GoodInput = {
          ...values,
          name: values.name.trim(),
          cover: values.cover ?? '',
          description: values.description ?? '',
          courseId: values.kind === GoodKind.courseVoucher ? values.courseId : undefined,
        }
        return saveRecord(good, input, pointsApi.createGood, pointsApi.updateGood)
      }}
      onDone={onSaved}
    >
      <ProFormRadio.Group
        name='kind'
        label='商品类型'
        radioType='button'
        options={GOOD_KINDS.map((k) => ({ label: k, value: k }))}
        rules={[{ required: true, message: '请选择商品类型' }]}
        extra='教材和实物需要学员填写收货地址，由后台发货；课程券兑换后立即开通课程'
      />
      <ProFormDependency name={['kind']}>
        {({ kind }) =>
          kind === GoodKind.courseVoucher ? (
            <ProFormSelect
              name='courseId'
              label='开通课程'
              width='md'
              showSearch
              request={async () => (await coursesApi.list({ page: 1, size: 100 })).list.map((c) => ({ label: c.title, value: c.id }))}
              rules={[{ required: true, message: '请选择课程券开通的课程' }]}
            />
          ) : null
        }
      </ProFormDependency>
      <ProFormText name='name' label='商品名称' width='md' rules={requiredText('商品名称', 40, '个字')} />
      <Form.Item name='cover' label='商品图片'>
        <ImageUpload previewWidth={120} previewHeight={120} store={PICTURES} hint='PNG、JPEG 或 WebP，不超过5MB' />
      </Form.Item>
      <ProFormDigit
        name='points'
        label='所需积分'
        width='sm'
        min={1}
        max={10000000}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请填写所需积分' }]}
      />
      <ProFormDigit
        name='stock'
        label='库存'
        width='sm'
        min={0}
        max={1000000}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请填写库存' }]}
      />
      <ProFormDigit name='perPersonLimit' label='每人限兑' width='sm' min={0} max={1000} fieldProps={{ precision: 0 }} extra='0 表示不限' />
      <ProFormRadio.Group name='status' label='状态' options={GOOD_STATUSES.map((s) => ({ label: s, value: s }))} />
      <ProFormDigit name='sort' label='排序' width='xs' min={0} max={100000} fieldProps={{ precision: 0 }} extra='数字大的排在前面' />
      <ProFormTextArea name='description' label='商品介绍' fieldProps={{ maxLength: 2000, showCount: true }} />
    </SubmitModalForm>
  )
}

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
