/**
 * The register's forms, each a ModalForm that checks before sending and shows the server's refusal
 * inside itself: 新增学员 / 编辑 (the whole roll), 变更状态 (status and a required reason), and
 * 转为学员 from a deal clue (the roll's school part; name, phone and programme come from the clue).
 */
import { RadioField, SelectField, TextAreaField, TextField } from '../../components/form'
import { EDUCATION_TYPES, isValidIdCard, STUDENT_LEVELS, STUDENT_STATUSES } from '@activity/wire'
import { Alert, Button, Col, Row, Typography } from 'antd'
import type { ReactElement } from 'react'
import { type FromClueInput, type StudentInput, type StudentRoll, studentsApi } from '../../api/students'
import type { DialogControl } from '../../components/LazyDialog'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS, compactInput } from './roll'
import { isMasked, unlessMasked } from '../../masked'
import { requiredText } from '../../form-rules'
import { ReasonField } from '../../components/ReasonField'

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }))

const idCardRule = {
  validator: async (_r: unknown, v: string | undefined) => {
    if (v && v.trim() && !isValidIdCard(v)) throw new Error('身份证号格式不正确')
  },
}

/** The roll's school part: shared by 新增学员, 编辑 and 转为学员. */
function SchoolFields() {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <SelectField
          name='educationType'
          label='教育类型'
          options={options(EDUCATION_TYPES)}
          rules={[{ required: true, message: '请选择教育类型' }]}
        />
      </Col>
      <Col span={12}>
        <RadioField
          name='level'
          label='层次'
          radioType='button'
          options={options(STUDENT_LEVELS)}
          rules={[{ required: true, message: '请选择层次' }]}
        />
      </Col>
      <Col span={12}>
        <TextField name='school' label='学校' placeholder='如 浙江工商大学' rules={requiredText('学校', 50)} />
      </Col>
      <Col span={12}>
        <TextField name='major' label='专业' placeholder='如 工商管理' rules={requiredText('专业', 50)} />
      </Col>
      <Col span={12}>
        <SelectField
          name='batchYear'
          label='批次年份'
          options={BATCH_YEAR_OPTIONS}
          rules={[{ required: true, message: '请选择批次年份' }]}
        />
      </Col>
      <Col span={12}>
        <SelectField name='batch' label='批次' options={BATCH_OPTIONS} rules={[{ required: true, message: '请选择批次' }]} />
      </Col>
      <Col span={12}>
        <TextField
          name='discipline'
          label='学科（选填）'
          placeholder='如 管理学-工商管理类'
          rules={[{ max: 50, message: '学科不能超过50个字符' }]}
        />
      </Col>
      <Col span={12}>
        <TextField
          name='studentNo'
          label='学号（选填）'
          rules={[{ max: 30, message: '学号不能超过30个字符' }]}
          fieldProps={{ autoComplete: 'off' }}
        />
      </Col>
    </Row>
  )
}

function PersonFields({
  maskedIdCard,
  filledPhone,
  withName = true,
}: {
  maskedIdCard?: string | null
  filledPhone?: string
  withName?: boolean
}) {
  return (
    <Row gutter={16}>
      {withName ? (
        <>
          <Col span={12}>
            <TextField
              name='name'
              label='姓名'
              rules={[
                { required: true, whitespace: true, message: '请填写姓名' },
                { min: 2, max: 20, message: '姓名为2-20个字符' },
              ]}
            />
          </Col>
          <Col span={12}>
            <TextField
              name='phone'
              label='手机号'
              fieldProps={{ maxLength: 11, inputMode: 'numeric', autoComplete: 'off' }}
              extra={isMasked(filledPhone) ? '学员用这个手机号接收验证码登录；不改请保持原样' : '学员用这个手机号接收验证码登录'}
              rules={[{ required: true, message: '请填写手机号' }, unlessMasked(filledPhone, /^1\d{10}$/, '请输入11位手机号')]}
            />
          </Col>
        </>
      ) : null}
      <Col span={12}>
        <TextField
          name='idCard'
          label={maskedIdCard ? '身份证号' : '身份证号（选填）'}
          placeholder={maskedIdCard ? `已登记 ${maskedIdCard}` : '18位身份证号'}
          // The console only ever holds the number masked: left blank, the one on file stays.
          extra={maskedIdCard ? `已登记 ${maskedIdCard}，不改请留空` : undefined}
          fieldProps={{ maxLength: 18, autoComplete: 'off' }}
          rules={[idCardRule]}
        />
      </Col>
      <Col span={12}>
        <RadioField name='gender' label='性别（选填）' radioType='button' options={options(['男', '女'])} />
      </Col>
    </Row>
  )
}

type Values = Omit<StudentInput, 'batchYear' | 'batch'> & { batchYear: number; batch: number }

function initialOf(roll: StudentRoll | undefined): Partial<Values> {
  if (!roll) return {}
  return {
    name: roll.name,
    phone: roll.phone,
    gender: roll.gender ?? undefined,
    educationType: roll.educationType,
    school: roll.school,
    major: roll.major,
    level: roll.level,
    programme: roll.programme ?? undefined,
    discipline: roll.discipline ?? undefined,
    batchYear: roll.batchYear,
    batch: roll.batch,
    studentNo: roll.studentNo ?? undefined,
    remark: roll.remark ?? undefined,
  }
}

/** 新增学员 (no `roll`) or 编辑 (the roll): the whole roll; a new student starts 在读. */
export function StudentForm({
  roll,
  onDone,
  trigger,
  ...control
}: {
  roll?: StudentRoll
  onDone: (saved: StudentRoll) => void
  trigger?: ReactElement
} & Partial<DialogControl>) {
  return (
    <SubmitModalForm<Values, StudentRoll>
      {...control}
      title={roll ? `编辑学员「${roll.name}」` : '新增学员'}
      width={720}
      trigger={trigger}
      initialValues={initialOf(roll)}
      onSubmit={(values) =>
        roll
          ? studentsApi.update({ ...(compactInput(values, { keepEmpty: true }) as StudentInput), id: roll.id })
          : studentsApi.create(compactInput(values) as StudentInput)
      }
      success={roll ? '学员信息已保存' : '学员已登记，状态为在读'}
      onDone={(saved) => onDone(saved)}
    >
      <PersonFields maskedIdCard={roll?.idCard} filledPhone={roll?.phone} />
      <SchoolFields />
      <TextField
        name='programme'
        label='报读项目（选填）'
        placeholder='如 专升本、高起专'
        rules={[{ max: 50, message: '报读项目不能超过50个字符' }]}
      />
      <TextAreaField
        name='remark'
        label='备注（选填）'
        fieldProps={{ maxLength: 200, showCount: true, autoSize: { minRows: 2, maxRows: 4 } }}
        rules={[{ max: 200, message: '备注不能超过200个字符' }]}
      />
    </SubmitModalForm>
  )
}

/** 变更状态: the new status and why (kept in the status history). */
export function StatusForm({ roll, onDone }: { roll: StudentRoll; onDone: () => void }) {
  return (
    <SubmitModalForm<{ status: string; reason: string }>
      title={`变更学籍状态「${roll.name}」`}
      width={480}
      trigger={<Button>变更状态</Button>}
      keepRefusalWhileEditing
      onSubmit={({ status, reason }) => studentsApi.changeStatus({ id: roll.id, status, reason: reason.trim() })}
      success={(_, { status }) => `学籍状态已变更为${status}`}
      onDone={onDone}
      onStale={onDone}
      notice={<Typography.Paragraph>当前状态：{roll.status}</Typography.Paragraph>}
    >
      <RadioField
        name='status'
        label='新状态'
        radioType='button'
        options={STUDENT_STATUSES.map((s) => ({ value: s, label: s, disabled: s === roll.status }))}
        rules={[{ required: true, message: '请选择新状态' }]}
      />
      <ReasonField label='变更原因' placeholder='例如：学员申请休学一年' />
    </SubmitModalForm>
  )
}

/** 转为学员: a deal clue's prospect registered as a student (or linked, when that phone is one already). */
export function FromClueForm({
  clue,
  onDone,
}: {
  clue: { id: number; name: string; phone: string; programme: string | null }
  onDone: (student: StudentRoll & { linked: boolean }) => void
}) {
  return (
    <SubmitModalForm<Omit<FromClueInput, 'clueId'>, StudentRoll & { linked: boolean }>
      title={`转为学员「${clue.name}」`}
      width={720}
      trigger={<Button type='primary'>转为学员</Button>}
      onSubmit={(values) => studentsApi.fromClue({ ...(compactInput(values) as Omit<FromClueInput, 'clueId'>), clueId: clue.id })}
      success={(student) => (student.linked ? '该手机号已是学员，已关联到这条线索' : '已转为学员，状态为在读')}
      onDone={(student) => onDone(student)}
      notice={
        <Alert
          type='info'
          showIcon
          className='console-gap-bottom'
          message={`姓名「${clue.name}」、手机号 ${clue.phone}${clue.programme ? `、报读项目「${clue.programme}」` : ''}取自线索；该手机号已是学员时直接关联。`}
        />
      }
    >
      <PersonFields withName={false} />
      <SchoolFields />
    </SubmitModalForm>
  )
}
