/**
 * 开启采集 / 编辑采集 in a dialog: the batch, the deadline, the photo's specification (pixels, file
 * size, background) and how the ZIP names each photo. A new one starts from the usual
 * specification (photos.ts PHOTO_DEFAULTS); the server's refusal (a batch that has one: 409) stays
 * in the dialog.
 */
import { DateTimeField, FieldGroup, NumberField, RadioField, SelectField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { type PhotoCollection, graduationApi } from '../../api/graduation'
import { saveRecord } from '../../components/record-form'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS } from '../students/roll'
import { type CollectionValues, collectionBody, collectionRefusal, collectionValues, NAMING_OPTIONS } from './photos'

const required = (label: string) => [{ required: true, message: `请填写${label}` }]

export function CollectionForm({
  collection,
  onSaved,
  ...control
}: {
  /** The collection to edit; none: a new one. */
  collection?: PhotoCollection
  onSaved: (saved: PhotoCollection) => void
} & DialogControl) {
  return (
    <SubmitModalForm<CollectionValues, PhotoCollection>
      title={collection ? `编辑采集「${collection.title}」` : '开启毕业照片采集'}
      {...control}
      width={600}
      layout='vertical'
      initialValues={collectionValues(collection)}
      submitter={{ searchConfig: { submitText: collection ? '保存' : '开启采集' } }}
      onSubmit={(values) => {
        const wrong = collectionRefusal(values)
        if (wrong) throw new Error(wrong)
        return saveRecord(collection, collectionBody(values), graduationApi.create, graduationApi.update)
      }}
      success={collection ? '采集已保存' : '照片采集已开启'}
      onDone={(saved) => onSaved(saved)}
    >
      <TextField name='title' label='采集名称' placeholder='如 2024年3期毕业照片' rules={requiredText('采集名称', 60)} />
      <FieldGroup>
        <SelectField
          name='batchYear'
          label='批次年份'
          width={150}
          options={BATCH_YEAR_OPTIONS}
          rules={[{ required: true, message: '请选择批次年份' }]}
        />
        <SelectField name='batch' label='批次' width='xs' options={BATCH_OPTIONS} rules={[{ required: true, message: '请选择批次' }]} />
        <DateTimeField
          name='deadlineDate'
          label='截止日期'
          width='sm'
          tooltip='截止日当天仍可上传，之后学员不能再上传'
          rules={[{ required: true, message: '请选择截止日期' }]}
          fieldProps={{ showTime: false, format: 'YYYY-MM-DD' }}
        />
      </FieldGroup>
      <FieldGroup>
        <NumberField
          name='width'
          label='宽度'
          width={150}
          min={100}
          max={4000}
          fieldProps={{ precision: 0, addonAfter: '像素' }}
          rules={required('照片宽度')}
        />
        <NumberField
          name='height'
          label='高度'
          width={150}
          min={100}
          max={4000}
          fieldProps={{ precision: 0, addonAfter: '像素' }}
          rules={required('照片高度')}
        />
        <TextField name='background' label='背景颜色' width={150} rules={requiredText('背景颜色', 20)} />
      </FieldGroup>
      <FieldGroup>
        <NumberField
          name='minKb'
          label='文件大小下限'
          width={150}
          min={1}
          max={5000}
          fieldProps={{ precision: 0, addonAfter: 'KB' }}
          rules={required('文件大小下限')}
        />
        <NumberField
          name='maxKb'
          label='文件大小上限'
          width={150}
          min={1}
          max={5000}
          fieldProps={{ precision: 0, addonAfter: 'KB' }}
          rules={required('文件大小上限')}
        />
      </FieldGroup>
      <RadioField
        name='naming'
        label='照片命名'
        options={NAMING_OPTIONS}
        extra='按身份证号命名的照片包含完整身份证号，下载照片包需要明文导出权限并验证身份'
        rules={[{ required: true, message: '请选择照片命名方式' }]}
      />
    </SubmitModalForm>
  )
}
