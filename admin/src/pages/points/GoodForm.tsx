/** 新增商品 / 修改 (商品): kind, the course a voucher opens, name, picture, points, stock, limit, status, order, description. */
import { GOOD_KINDS, GOOD_STATUSES, GoodKind, GoodStatus } from '@activity/wire'
import { Form } from 'antd'
import { coursesApi } from '../../api/courses'
import { type Good, type GoodInput, pointsApi } from '../../api/points'
import { FormDependency, NumberField, RadioField, SelectField, TextAreaField, TextField } from '../../components/form'
import { ImageUpload } from '../../components/ImageUpload'
import type { DialogControl } from '../../components/LazyDialog'
import { recordTexts, saveRecord } from '../../components/record-form'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'

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

export function GoodForm({ good, onSaved, ...control }: { good?: Good; onSaved: () => void } & DialogControl) {
  return (
    <SubmitModalForm<GoodValues>
      {...recordTexts('商品', good)}
      {...control}
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
      <RadioField
        name='kind'
        label='商品类型'
        radioType='button'
        options={GOOD_KINDS.map((k) => ({ label: k, value: k }))}
        rules={[{ required: true, message: '请选择商品类型' }]}
        extra='教材和实物需要学员填写收货地址，由后台发货；课程券兑换后立即开通课程'
      />
      <FormDependency name={['kind']}>
        {({ kind }) =>
          kind === GoodKind.courseVoucher ? (
            <SelectField
              name='courseId'
              label='开通课程'
              width='md'
              showSearch
              request={async () => (await coursesApi.list({ page: 1, size: 100 })).list.map((c) => ({ label: c.title, value: c.id }))}
              rules={[{ required: true, message: '请选择课程券开通的课程' }]}
            />
          ) : null
        }
      </FormDependency>
      <TextField name='name' label='商品名称' width='md' rules={requiredText('商品名称', 40, '个字')} />
      <Form.Item name='cover' label='商品图片'>
        <ImageUpload previewWidth={120} previewHeight={120} store={PICTURES} hint='PNG、JPEG 或 WebP，不超过5MB' />
      </Form.Item>
      <NumberField
        name='points'
        label='所需积分'
        width='sm'
        min={1}
        max={10000000}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请填写所需积分' }]}
      />
      <NumberField
        name='stock'
        label='库存'
        width='sm'
        min={0}
        max={1000000}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请填写库存' }]}
      />
      <NumberField name='perPersonLimit' label='每人限兑' width='sm' min={0} max={1000} fieldProps={{ precision: 0 }} extra='0 表示不限' />
      <RadioField name='status' label='状态' options={GOOD_STATUSES.map((s) => ({ label: s, value: s }))} />
      <NumberField name='sort' label='排序' width='xs' min={0} max={100000} fieldProps={{ precision: 0 }} extra='数字大的排在前面' />
      <TextAreaField name='description' label='商品介绍' fieldProps={{ maxLength: 2000, showCount: true }} />
    </SubmitModalForm>
  )
}
