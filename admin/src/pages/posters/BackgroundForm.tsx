/** 新增海报背景 / 修改背景 (海报): the picture (5:8), its name and its place in the order. */
import { Form } from 'antd'
import { type Background, postersApi } from '../../api/posters'
import { NumberField, TextField } from '../../components/form'
import { ImageUpload } from '../../components/ImageUpload'
import type { DialogControl } from '../../components/LazyDialog'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'

interface BackgroundValues {
  name: string
  url: string
  sort: number
}

export function BackgroundForm({
  background,
  nextSort,
  onSaved,
  ...control
}: {
  background?: Background
  nextSort: number
  onSaved: (saved: Background) => void
} & DialogControl) {
  return (
    <SubmitModalForm<BackgroundValues, Background>
      title={background ? `修改背景「${background.name}」` : '新增海报背景'}
      {...control}
      width={560}
      initialValues={background ? { name: background.name, url: background.url, sort: background.sort } : { sort: nextSort }}
      onSubmit={(values) => {
        const input = { name: values.name.trim(), url: values.url, sort: values.sort ?? 0 }
        return background ? postersApi.update({ id: background.id, ...input }, { quiet: true }) : postersApi.create(input)
      }}
      success={background ? '背景已修改' : '背景已新增'}
      onDone={(saved) => onSaved(saved)}
    >
      <Form.Item
        name='url'
        label='背景图片'
        rules={[{ required: true, message: '请上传背景图片' }]}
        extra='海报为 5:8 竖图（如 1200×1920），图片会居中裁切铺满'
      >
        <ImageUpload previewWidth={100} previewHeight={160} />
      </Form.Item>
      <TextField name='name' label='名称' width='md' placeholder='如 春季招生' rules={requiredText('名称', 40)} />
      <NumberField name='sort' label='排序' width='xs' min={0} max={10000} fieldProps={{ precision: 0 }} extra='数字小的排在前面' />
    </SubmitModalForm>
  )
}
