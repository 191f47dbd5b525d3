/**
 * 新建 / 编辑夜校课 in a dialog: name, subject, teacher, the evening (office wall clock), place,
 * seats, introduction, published, whether the printed QR code still checks in. Checked before sending; the server's refusal stays in the dialog.
 */
import { DateTimeRangeField, FieldGroup, NumberField, SwitchField, TextAreaField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { type NightClassDetail, nightApi } from '../../api/night'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { CAPACITY_MAX, nightBody, nightRefusal, nightValues, type NightClassValues } from './night-form'
import { saveRecord } from '../../components/record-form'

export function NightClassForm({
  cls,
  onSaved,
  ...control
}: {
  /** The class to edit; none: a new one. */
  cls?: NightClassDetail
  onSaved: (saved: NightClassDetail) => void
} & DialogControl) {
  return (
    <SubmitModalForm<NightClassValues, NightClassDetail>
      title={cls ? '编辑夜校课' : '新建夜校课'}
      {...control}
      width={640}
      layout='vertical'
      initialValues={nightValues(cls)}
      submitter={{ searchConfig: { submitText: cls ? '保存' : '创建' } }}
      onSubmit={(values) => {
        const wrong = nightRefusal(values)
        if (wrong) throw new Error(wrong)
        const input = nightBody(values)
        return saveRecord(cls, input, nightApi.create, nightApi.update)
      }}
      success={cls ? '夜校课已保存' : '夜校课已创建'}
      onDone={(saved) => onSaved(saved)}
    >
      <TextField name='title' label='课程名称' rules={[{ required: true, message: '请填写课程名称' }]} fieldProps={{ maxLength: 60 }} />
      <FieldGroup>
        <TextField
          name='subject'
          label='科目'
          width='sm'
          rules={[{ required: true, message: '请填写科目' }]}
          fieldProps={{ maxLength: 30 }}
        />
        <TextField
          name='teacher'
          label='授课老师'
          width='sm'
          rules={[{ required: true, message: '请填写授课老师' }]}
          fieldProps={{ maxLength: 30 }}
        />
        <NumberField
          name='capacity'
          label='名额'
          width='xs'
          min={1}
          max={CAPACITY_MAX}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写名额' }]}
        />
      </FieldGroup>
      <DateTimeRangeField
        name='time'
        label='上课时间'
        extra='开课前30分钟至下课可扫码签到；开课后不能再报名或取消报名'
        rules={[{ required: true, message: '请选择上课时间' }]}
        fieldProps={{ format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' }, allowEmpty: [false, false] }}
      />
      <TextField name='place' label='上课地点' rules={[{ required: true, message: '请填写上课地点' }]} fieldProps={{ maxLength: 100 }} />
      <TextAreaField
        name='description'
        label='课程介绍'
        fieldProps={{ autoSize: { minRows: 3, maxRows: 6 }, maxLength: 2000, showCount: true }}
      />
      <FieldGroup>
        <SwitchField name='published' label='上架' tooltip='上架后学员才能看到并报名' />
        <SwitchField
          name='fixedCodeEnabled'
          label='打印的二维码可签到'
          tooltip='关闭后，打印或拍下的固定二维码不能再签到，只能扫投屏签到码（每30秒更换），防止不在教室的学员签到'
        />
      </FieldGroup>
    </SubmitModalForm>
  )
}
