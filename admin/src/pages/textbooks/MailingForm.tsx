/**
 * 新建邮寄 / 编辑 (a draft only) in a dialog: its name and term, whom it goes to (school, major,
 * level, 年级, 批次, a class; none: every student 在读) with how many students that is now, asked
 * of the server as the target changes, the books (名称, ISBN, 数量; one to thirty) and the last day
 * students confirm their address. The server's refusals (a deadline already past, a class that is
 * gone) stay in the dialog.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { STUDENT_LEVELS } from '@activity/wire'
import { Alert, Button, Col, Divider, Form, Row, Tooltip, Typography } from 'antd'
import dayjs from 'dayjs'
import { useAudienceCount } from '../../hooks/useAudienceCount'
import { classesApi } from '../../api/classes'
import { type Mailing, type MailingTarget, textbooksApi } from '../../api/textbooks'
import { DateTimeField, FieldGroup, FormDependency, NumberField, SelectField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { saveRecord } from '../../components/record-form'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'
import { useAccess } from '../../session/access'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS } from '../students/roll'
import { MAILING_TARGET_FIELDS, mailingBody, mailingValues, type MailingValues, targetOf } from './textbooks'

const LEVEL_OPTIONS = STUDENT_LEVELS.map((l) => ({ value: l, label: l }))
const MAX_BOOKS = 30
const ISBN = /^(97[89])?\d{9}[\dXx]$/

/** 将邮寄给 N 名在读学员: the server's count for the target, asked a moment after the last change. */
function Audience({ target }: { target: MailingTarget }) {
  const key = JSON.stringify(target)
  const { fresh, count, error } = useAudienceCount(key, (signal) => textbooksApi.audience(target, signal))
  const none = fresh && count === 0
  return (
    <Alert
      type={fresh && (error || none) ? 'warning' : 'info'}
      showIcon
      data-testid='mailing-audience'
      className='console-gap-bottom'
      message={
        !fresh
          ? '正在计算邮寄对象…'
          : error
            ? `邮寄人数计算失败：${error}`
            : none
              ? '没有符合条件的在读学员，发布前请调整邮寄对象'
              : `将邮寄给 ${count} 名在读学员${key === '{}' ? '（全部在读学员）' : ''}`
      }
    />
  )
}

/** 班级: searched among the classes as typed; the mailing's own class stays an option. */
function ClassField({ mailing }: { mailing?: Mailing }) {
  const { seesClasses } = useAccess()
  const own =
    mailing?.targetClassId != null
      ? [{ value: mailing.targetClassId, label: mailing.targetClassName ?? `班级 ${mailing.targetClassId}` }]
      : []
  if (!seesClasses)
    return (
      <SelectField
        name='targetClassId'
        label='班级'
        placeholder='全部班级'
        options={own}
        disabled
        extra='按班级邮寄需要「班级 · 查看」权限'
      />
    )
  return (
    <SelectField
      name='targetClassId'
      label='班级'
      placeholder='全部班级'
      showSearch
      allowClear
      debounceTime={300}
      request={async ({ keyWords }) => {
        const page = await classesApi.list({ keyword: keyWords, page: 1, size: 50 })
        const found = page.list.map((c) => ({ value: c.id, label: c.name }))
        return [...own.filter((o) => !found.some((f) => f.value === o.value)), ...found]
      }}
    />
  )
}

/** The books: one row each (名称, ISBN, 数量), one to thirty. */
function BooksField() {
  return (
    <Form.Item label='教材' required>
      <Form.List
        name='books'
        rules={[
          {
            validator: async (_, rows: unknown[] | undefined) => {
              if (!rows?.length) throw new Error('请添加教材')
            },
          },
        ]}
      >
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map((row, i) => (
              <FieldGroup key={row.key}>
                <TextField
                  name={[row.name, 'title']}
                  placeholder={`教材名称${i === 0 ? '，如 大学英语（二）' : ''}`}
                  width={300}
                  fieldProps={{ 'aria-label': `第${i + 1}种教材名称` }}
                  rules={requiredText('教材名称', 60)}
                />
                <TextField
                  name={[row.name, 'isbn']}
                  placeholder='ISBN（可不填）'
                  width={170}
                  fieldProps={{ 'aria-label': `第${i + 1}种教材ISBN`, autoComplete: 'off' }}
                  rules={[{ pattern: ISBN, message: 'ISBN应为10位或13位数字（可含末位X）' }]}
                />
                <NumberField
                  name={[row.name, 'quantity']}
                  placeholder='数量'
                  width={110}
                  min={1}
                  max={20}
                  fieldProps={{ precision: 0, addonAfter: '本', 'aria-label': `第${i + 1}种教材数量` }}
                  rules={[{ required: true, message: '请填写数量' }]}
                />
                {rows.length > 1 ? (
                  <Tooltip title='删除此教材'>
                    <Button type='text' icon={<DeleteOutlined />} aria-label={`删除第${i + 1}种教材`} onClick={() => remove(row.name)} />
                  </Tooltip>
                ) : null}
              </FieldGroup>
            ))}
            {rows.length < MAX_BOOKS ? (
              <Button type='dashed' block icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
                添加教材
              </Button>
            ) : null}
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  )
}

export function MailingForm({
  mailing,
  onSaved,
  ...control
}: {
  /** The draft to edit; none: a new one. */
  mailing?: Mailing
  onSaved: (saved: Mailing) => void
} & DialogControl) {
  return (
    <SubmitModalForm<MailingValues, Mailing>
      title={mailing ? `编辑邮寄「${mailing.title}」` : '新建教材邮寄'}
      {...control}
      width={800}
      layout='vertical'
      initialValues={mailingValues(mailing)}
      submitter={{ searchConfig: { submitText: mailing ? '保存' : '保存为草稿' } }}
      onSubmit={(values) => saveRecord(mailing, mailingBody(values), textbooksApi.create, textbooksApi.update)}
      success={mailing ? '邮寄已保存' : '邮寄已保存为草稿（未发布）'}
      onDone={(saved) => onSaved(saved)}
    >
      <FieldGroup>
        <TextField name='title' label='名称' width={360} placeholder='如 2026年春季教材' rules={requiredText('邮寄名称', 40)} />
        <TextField name='term' label='学期' width={200} placeholder='如 2026年春季' rules={requiredText('学期', 20)} />
      </FieldGroup>
      <Divider orientation='left' orientationMargin={0}>
        邮寄对象
      </Divider>
      <Typography.Paragraph type='secondary'>不填则寄给全部在读学员；填写的每一项都需符合（如 某校 + 2026年1期）。</Typography.Paragraph>
      <Row gutter={16}>
        <Col span={8}>
          <TextField name='targetSchool' label='学校' placeholder='全部学校' rules={[{ max: 60, message: '学校不能超过60个字符' }]} />
        </Col>
        <Col span={8}>
          <TextField name='targetMajor' label='专业' placeholder='全部专业' rules={[{ max: 60, message: '专业不能超过60个字符' }]} />
        </Col>
        <Col span={8}>
          <SelectField name='targetLevel' label='层次' placeholder='全部层次' allowClear options={LEVEL_OPTIONS} />
        </Col>
        <Col span={8}>
          <SelectField name='targetBatchYear' label='年级' placeholder='全部年级' allowClear options={BATCH_YEAR_OPTIONS} />
        </Col>
        <Col span={8}>
          <SelectField name='targetBatch' label='批次' placeholder='全部批次' allowClear options={BATCH_OPTIONS} />
        </Col>
        <Col span={8}>
          <ClassField mailing={mailing} />
        </Col>
      </Row>
      <FormDependency name={MAILING_TARGET_FIELDS}>{(values) => <Audience target={targetOf(values)} />}</FormDependency>
      <Divider orientation='left' orientationMargin={0}>
        教材与地址
      </Divider>
      <BooksField />
      <DateTimeField
        name='addressDeadline'
        label='地址确认截止日期'
        width='sm'
        tooltip='截止日当天学员仍可确认或修改地址；之后只能由教务处更正'
        rules={[{ required: true, message: '请选择地址确认截止日期' }]}
        fieldProps={{ showTime: false, format: 'YYYY-MM-DD', disabledDate: (day) => day.isBefore(dayjs(), 'day') }}
      />
    </SubmitModalForm>
  )
}
