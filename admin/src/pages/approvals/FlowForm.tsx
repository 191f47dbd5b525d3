/**
 * 修改一类审批的流程 in a dialog: the steps in order (add, remove, move up and down), each with
 * its name, whom it asks (the applicant's head teacher, a position's operators, or a department's
 * head, with the position or department), 或签 or 会签 and, for a leave, from how many days it is
 * asked; the copies (抄送); when a step is overdue; how many days an approved request may be
 * revoked. Requests under way keep the flow they started with.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { ApprovalKind } from '@activity/wire'
import { Alert, Button, Card, Form, Space, Tooltip, Typography } from 'antd'
import { type Flow, flowsApi } from '../../api/approvals'
import { FieldGroup, NumberField, RadioField, SelectField, TextField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'
import { useRemote } from '../../hooks/useRemote'
import {
  APPROVER_TYPE_OPTIONS,
  CC_MAX,
  flowBody,
  flowValues,
  type FlowValues,
  NEW_STEP,
  RIGHT_OPTIONS,
  type NamedOption,
  STEPS_MAX,
  takesDays,
  withKnown,
} from './flow-form'

const MODE_OPTIONS = [
  { value: 'any', label: '或签' },
  { value: 'all', label: '会签' },
]

interface Choices {
  positions: NamedOption[]
  departments: NamedOption[]
}

/** The position or department a step or copy asks, by the type chosen beside it. */
function ApproverTarget({ path, choices, label }: { path: Array<string | number>; choices: Choices; label?: boolean }) {
  const type = Form.useWatch([...path, 'type']) as string | undefined
  if (type === 'position')
    return (
      <SelectField
        name={[path.at(-1)!, 'positionId']}
        label={label ? '岗位' : undefined}
        width={160}
        options={choices.positions}
        showSearch
        placeholder='选择岗位'
        rules={[{ required: true, message: '请选择岗位' }]}
        fieldProps={{ 'aria-label': '岗位' }}
      />
    )
  if (type === 'right')
    return (
      <SelectField
        name={[path.at(-1)!, 'right']}
        label={label ? '权限' : undefined}
        width={200}
        options={RIGHT_OPTIONS}
        showSearch
        placeholder='选择权限'
        rules={[{ required: true, message: '请选择权限' }]}
        fieldProps={{ 'aria-label': '权限' }}
      />
    )
  if (type === 'departmentHead')
    return (
      <SelectField
        name={[path.at(-1)!, 'departmentId']}
        label={label ? '部门' : undefined}
        width={160}
        options={choices.departments}
        showSearch
        placeholder='选择部门'
        rules={[{ required: true, message: '请选择部门' }]}
        fieldProps={{ 'aria-label': '部门' }}
      />
    )
  return null
}

function Steps({ kind, choices }: { kind: string; choices: Choices }) {
  return (
    <Form.List name='steps'>
      {(fields, { add, remove, move }) => (
        <>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size='small'
              className='console-gap-bottom-sm'
              title={`第${index + 1}步`}
              data-testid={`flow-step-${index + 1}`}
              extra={
                <Space size={0}>
                  <Tooltip title='上移'>
                    <Button
                      type='text'
                      size='small'
                      icon={<ArrowUpOutlined />}
                      aria-label={`第${index + 1}步上移`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                  </Tooltip>
                  <Tooltip title='下移'>
                    <Button
                      type='text'
                      size='small'
                      icon={<ArrowDownOutlined />}
                      aria-label={`第${index + 1}步下移`}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                  </Tooltip>
                  <Tooltip title='删除'>
                    <Button
                      type='text'
                      size='small'
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除第${index + 1}步`}
                      disabled={fields.length === 1}
                      onClick={() => remove(index)}
                    />
                  </Tooltip>
                </Space>
              }
            >
              <FieldGroup>
                <TextField
                  name={[field.name, 'name']}
                  label='步骤名称'
                  width={150}
                  rules={requiredText('步骤名称', 20)}
                  placeholder='例如 班主任审批'
                />
                <SelectField
                  name={[field.name, 'type']}
                  label='审批人'
                  width={130}
                  options={APPROVER_TYPE_OPTIONS}
                  rules={[{ required: true, message: '请选择审批人' }]}
                />
                <ApproverTarget path={['steps', field.name]} choices={choices} label />
                <RadioField
                  name={[field.name, 'mode']}
                  label='方式'
                  radioType='button'
                  options={MODE_OPTIONS}
                  tooltip='或签：一人同意即通过；会签：所有审批人都同意才通过'
                />
                {takesDays(kind) ? (
                  <NumberField
                    name={[field.name, 'minDays']}
                    label='请假超过'
                    width={120}
                    min={0}
                    max={365}
                    placeholder='不限'
                    tooltip='只有请假天数超过这个数时才需要这一步；不填则每次都需要'
                    fieldProps={{ precision: 0, suffix: '天' }}
                  />
                ) : null}
              </FieldGroup>
            </Card>
          ))}
          <Button
            type='dashed'
            block
            icon={<PlusOutlined />}
            className='console-gap-bottom'
            disabled={fields.length >= STEPS_MAX}
            onClick={() => add({ ...NEW_STEP })}
          >
            添加步骤
          </Button>
        </>
      )}
    </Form.List>
  )
}

function Copies({ choices }: { choices: Choices }) {
  return (
    <Form.List name='cc'>
      {(fields, { add, remove }) => (
        <Form.Item label='抄送' tooltip='审批通过后通知这些人，他们在「抄送我的」里看到'>
          {fields.map((field, index) => (
            <Space key={field.key} align='start' wrap>
              <SelectField
                name={[field.name, 'type']}
                width={130}
                options={APPROVER_TYPE_OPTIONS}
                rules={[{ required: true, message: '请选择抄送对象' }]}
                fieldProps={{ 'aria-label': `第${index + 1}个抄送` }}
              />
              <ApproverTarget path={['cc', field.name]} choices={choices} />
              <Button type='text' danger icon={<DeleteOutlined />} aria-label={`删除第${index + 1}个抄送`} onClick={() => remove(index)} />
            </Space>
          ))}
          {fields.length === 0 ? <Typography.Text type='secondary'>不抄送。</Typography.Text> : null}
          <Button type='link' icon={<PlusOutlined />} disabled={fields.length >= CC_MAX} onClick={() => add({ type: 'position' })}>
            添加抄送
          </Button>
        </Form.Item>
      )}
    </Form.List>
  )
}

export function FlowForm({
  flow,
  known,
  onSaved,
  ...control
}: {
  flow: Flow
  /** The positions and departments the flows name, offered too (one since deleted still shows by its id). */
  known: Choices
  onSaved: (flows: Flow[]) => void
} & DialogControl) {
  const { data } = useRemote(() => flowsApi.options(), [])
  const choices: Choices = {
    positions: withKnown(data?.positions, known.positions),
    departments: withKnown(data?.departments, known.departments),
  }
  return (
    <SubmitModalForm<FlowValues, Flow[]>
      title={`修改${flow.kindName}审批流程`}
      {...control}
      width={880}
      initialValues={flowValues(flow)}
      submitter={{ searchConfig: { submitText: '保存' } }}
      notice={
        <Alert type='info' showIcon className='console-gap-bottom' message='保存后新提交的申请按新流程审批，审批中的申请仍按原流程。' />
      }
      onSubmit={(values) => flowsApi.save(flowBody(flow.kind as ApprovalKind, values))}
      success='审批流程已保存'
      onDone={onSaved}
    >
      <Steps kind={flow.kind} choices={choices} />
      <Copies choices={choices} />
      <FieldGroup>
        <NumberField
          name='overdueHours'
          label='超时提醒'
          width={160}
          min={1}
          max={720}
          tooltip='一步超过这么久未处理，标为已超时'
          fieldProps={{ precision: 0, suffix: '小时' }}
          rules={[{ required: true, message: '请填写超时提醒' }]}
        />
        <NumberField
          name='revokeDays'
          label='可撤销天数'
          width={160}
          min={0}
          max={365}
          tooltip='审批通过后这么多天内可以撤销；0 表示不能撤销'
          fieldProps={{ precision: 0, suffix: '天' }}
          rules={[{ required: true, message: '请填写可撤销天数' }]}
        />
      </FieldGroup>
    </SubmitModalForm>
  )
}
