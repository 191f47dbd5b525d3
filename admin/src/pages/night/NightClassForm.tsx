/**
 * 新建 / 编辑夜校课 in a dialog: name, subject, teacher, the evening (office wall clock), place,
 * seats, introduction, published, whether the printed QR code still checks in. Checked before sending; the server's refusal stays in the dialog.
 */
import { ProForm, ProFormDateTimeRangePicker, ProFormDigit, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components'
import type { ReactElement } from 'react'
import { type NightClassDetail, nightApi } from '../../api/night'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { CAPACITY_MAX, nightBody, nightRefusal, nightValues, type NightClassValues } from './night-form'
import { saveRecord } from '../../components/record-form'

export function NightClassForm({
  cls,
  trigger,
  onSaved,
}: {
  /** The class to edit; none: a new one. */
  cls?: NightClassDetail
  trigger: ReactElement
  onSaved: (saved: NightClassDetail) => void
}) {
  return (
    <SubmitModalForm<NightClassValues, NightClassDetail>
      title={cls ? '编辑夜校课' : '新建夜校课'}
      trigger={trigger}
      width={640}
      layout='vertical'
      dateFormatter='string'
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
      <ProFormText name='title' label='课程名称' rules={[{ required: true, message: '请填写课程名称' }]} fieldProps={{ maxLength: 60 }} />
      <ProForm.Group>
        <ProFormText
          name='subject'
          label='科目'
          width='sm'
          rules={[{ required: true, message: '请填写科目' }]}
          fieldProps={{ maxLength: 30 }}
        />
        <ProFormText
          name='teacher'
          label='授课老师'
          width='sm'
          rules={[{ required: true, message: '请填写授课老师' }]}
          fieldProps={{ maxLength: 30 }}
        />
        <ProFormDigit
          name='capacity'
          label='名额'
          width='xs'
          min={1}
          max={CAPACITY_MAX}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写名额' }]}
        />
      </ProForm.Group>
      <ProFormDateTimeRangePicker
        name='time'
        label='上课时间'
        extra='开课前30分钟至下课可扫码签到；开课后不能再报名或取消报名'
        rules={[{ required: true, message: '请选择上课时间' }]}
        fieldProps={{ format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' }, allowEmpty: [false, false] }}
      />
      <ProFormText name='place' label='上课地点' rules={[{ required: true, message: '请填写上课地点' }]} fieldProps={{ maxLength: 100 }} />
      <ProFormTextArea
        name='description'
        label='课程介绍'
        fieldProps={{ autoSize: { minRows: 3, maxRows: 6 }, maxLength: 2000, showCount: true }}
      />
      <ProForm.Group>
        <ProFormSwitch name='published' label='上架' tooltip='上架后学员才能看到并报名' />
        <ProFormSwitch
          name='fixedCodeEnabled'
          label='打印的二维码可签到'
          tooltip='关闭后，打印或拍下的固定二维码不能再签到，只能扫投屏签到码（每30秒更换），防止不在教室的学员签到'
        />
      </ProForm.Group>
    </SubmitModalForm>
  )
}
