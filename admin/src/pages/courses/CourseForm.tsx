/**
 * A course's details (新建课程, and the 基本信息 tab of its page): title, category (second level,
 * picked through its first), type, price in yuan (sent in fen), cover, teacher, introduction and
 * the rule that forbids dragging past the furthest watched point on a first viewing. Checked
 * before sending; the server's refusal stays on the form. Read-only for a role that does not
 * keep courses.
 */
import { PageForm, RadioField, SwitchField, TextAreaField, TextField } from '../../components/form'
import { CascaderField } from '../../components/form/cascader'
import { PRODUCT_TYPES } from '@activity/wire'
import { App, Form } from 'antd'
import type { ReactNode } from 'react'
import { type CategoryParent, type CourseDetail, type CourseItem, courseFilesApi, coursesApi } from '../../api/courses'
import { ImageUpload } from '../../components/ImageUpload'
import { RefusalAlert } from '../../components/RefusalAlert'
import { YuanField } from '../../components/YuanField'
import { useSubmission } from '../../hooks/useSubmission'
import { categoryOptions, courseBody, courseValues, type CourseValues, PRICE_MAX } from './course-form'
import { acceptOf, fileRefusal } from './media'
import { requiredText } from '../../form-rules'
import { saveRecord } from '../../components/record-form'

const COVERS = {
  upload: (file: File) => courseFilesApi.upload(file, 'image').then(({ url }) => url),
  check: (file: File) => fileRefusal(file, 'image'),
  accept: acceptOf('image'),
}

export function CourseForm({
  course,
  tree,
  readOnly = false,
  onSaved,
  extraButtons = [],
}: {
  course?: CourseDetail
  tree: CategoryParent[]
  readOnly?: boolean
  onSaved: (saved: CourseItem) => void
  extraButtons?: ReactNode[]
}) {
  const { message } = App.useApp()
  const { submit, refusal, clear } = useSubmission()
  return (
    <PageForm<CourseValues>
      layout='vertical'
      disabled={readOnly}
      initialValues={courseValues(course, tree)}
      onValuesChange={clear}
      submitter={{
        searchConfig: { submitText: course ? '保存' : '创建课程' },
        resetButtonProps: false,
        render: (_, dom) => [...(readOnly ? [] : dom), ...extraButtons],
      }}
      onFinish={async (values) =>
        submit(async () => {
          const input = courseBody(values)
          const saved = await saveRecord(course, input, coursesApi.create, coursesApi.update)
          void message.success(course ? '课程已保存' : '课程已创建（下架中），接着添加章节')
          onSaved(saved)
        })
      }
    >
      <RefusalAlert message={refusal} />
      <TextField name='title' label='课程名称' width='xl' rules={requiredText('课程名称', 60)} />
      <CascaderField
        name='category'
        label='课程分类'
        width='lg'
        fieldProps={{
          options: categoryOptions(tree, { withDisabled: false, keep: course?.categoryId }),
          placeholder: '选择一级分类下的二级分类',
          showSearch: true,
        }}
        extra={tree.length === 0 ? '还没有课程分类：请先在「课程分类」中添加' : undefined}
        rules={[{ required: true, message: '请选择课程分类' }]}
      />
      <RadioField
        name='type'
        label='类型'
        radioType='button'
        options={PRODUCT_TYPES.map((t) => ({ value: t, label: t }))}
        rules={[{ required: true, message: '请选择类型' }]}
      />
      <YuanField name='price' label='价格' min={0} max={PRICE_MAX} extra='填 0 为免费课程，学员可直接加入' />
      <Form.Item name='cover' label='封面' extra='16:9 横图，如 1280×720；不填则显示默认封面'>
        <ImageUpload previewWidth={192} previewHeight={108} store={COVERS} hint='PNG、JPG 或 WebP 图片' />
      </Form.Item>
      <TextField name='teacher' label='讲师' width='md' rules={[{ max: 30, message: '讲师不能超过30个字符' }]} />
      <TextAreaField
        name='intro'
        label='课程介绍'
        fieldProps={{ autoSize: { minRows: 3, maxRows: 8 }, maxLength: 5000, showCount: true }}
        rules={[{ max: 5000, message: '课程介绍不能超过5000个字符' }]}
      />
      <SwitchField
        name='noSkip'
        label='首次观看禁止拖动'
        extra='开启后，学员第一次观看某节视频时不能拖动到还没看过的位置；看完这一节后可以自由拖动。'
      />
    </PageForm>
  )
}
