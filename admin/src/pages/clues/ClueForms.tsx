/**
 * The clue workbench's actions, each a ModalForm (or a confirmation) that validates before
 * sending, shows the server's refusal inside the form, and tells its screen when the clue changed:
 * assign (管理员), add a follow-up, record a deal, mark invalid, cancel a deal (taking from the pool
 * is TakeButton.tsx, a confirmation the list shows without loading these forms).
 */
import { DateTimeField, RadioField, SelectField, TextAreaField, TextField } from '../../components/form'
import { CascaderField } from '../../components/form/cascader'
import { CATEGORY_TREE, FOLLOW_UP_METHODS, type FollowUpMethod } from '@activity/wire'
import { Alert, Button, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { type ReactElement, useState } from 'react'
import { type AdminClue, cluesApi } from '../../api/clues'
import { formatYuan, parseYuan } from '@activity/money'
import type { DialogControl } from '../../components/LazyDialog'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { yuanRules } from '../../components/YuanField'
import { formatDateTime, officeInstant } from '../../format'
import { requiredText } from '../../form-rules'
import { ReasonField } from '../../components/ReasonField'

interface ActionProps {
  clue: Pick<AdminClue, 'id' | 'name'>
  /** Called after the server accepted the change. */
  onDone: () => void
  trigger?: ReactElement
}

const POOL = 'pool'

/** 管理员: give the clue to an enabled 招生老师, or put it back in the pool. */
export function AssignForm({
  clue,
  onDone,
  trigger,
  assigneeId,
  ...control
}: ActionProps & { assigneeId: number | null } & Partial<DialogControl>) {
  return (
    <SubmitModalForm<{ assignee: string }>
      {...control}
      title={`分配线索「${clue.name}」`}
      width={420}
      trigger={
        trigger ?? (
          <Button type='link' className='console-link-button'>
            分配
          </Button>
        )
      }
      initialValues={{ assignee: assigneeId ? String(assigneeId) : undefined }}
      keepRefusalWhileEditing
      onSubmit={({ assignee }) => cluesApi.assign({ id: clue.id, assigneeId: assignee === POOL ? null : Number(assignee) })}
      success={(_, { assignee }) => (assignee === POOL ? '已放回公海' : '已分配')}
      onDone={onDone}
      onStale={onDone}
    >
      <SelectField
        name='assignee'
        label='负责老师'
        placeholder='选择负责老师'
        rules={[{ required: true, message: '请选择负责老师' }]}
        request={async () => {
          const assignees = await cluesApi.assignees()
          return [
            ...assignees.map((a) => ({ value: String(a.id), label: `${a.name}（${a.account}）` })),
            { value: POOL, label: '放回公海（不分配）' },
          ]
        }}
      />
    </SubmitModalForm>
  )
}

/** A follow-up: how the prospect was reached, what was said, when to contact next. */
export function FollowUpForm({ clue, onDone, trigger }: ActionProps) {
  return (
    <SubmitModalForm<{ method: FollowUpMethod; note: string; nextContactAt?: Dayjs | string }>
      title={`添加跟进「${clue.name}」`}
      width={520}
      trigger={trigger ?? <Button type='primary'>添加跟进</Button>}
      initialValues={{ method: '电话' }}
      keepRefusalWhileEditing
      onSubmit={({ method, note, nextContactAt }) => {
        // What the picker shows is office time (Asia/Shanghai), as every time on screen is.
        const next = nextContactAt ? officeInstant(dayjs(nextContactAt).format('YYYY-MM-DD HH:mm')) : undefined
        return cluesApi.followUp({ id: clue.id, method, note: note.trim(), ...(next ? { nextContactAt: next } : {}) })
      }}
      success='跟进已记录'
      onDone={onDone}
      onStale={onDone}
    >
      <Typography.Paragraph type='secondary'>跟进时间记为提交时间（{formatDateTime(new Date().toISOString())}）。</Typography.Paragraph>
      <RadioField
        name='method'
        label='跟进方式'
        radioType='button'
        options={FOLLOW_UP_METHODS.map((m) => ({ value: m, label: m }))}
        rules={[{ required: true, message: '请选择跟进方式' }]}
      />
      <TextAreaField
        name='note'
        label='跟进内容'
        placeholder='沟通了什么、对方的意向和顾虑'
        fieldProps={{ maxLength: 500, showCount: true, autoSize: { minRows: 3, maxRows: 8 } }}
        rules={requiredText('跟进内容', 500)}
      />
      <DateTimeField
        name='nextContactAt'
        label='下次联系时间（选填）'
        fieldProps={{
          format: 'YYYY-MM-DD HH:mm',
          showTime: { format: 'HH:mm' },
          disabledDate: (d: Dayjs) => d.isBefore(dayjs().startOf('day')),
          style: { width: '100%' },
        }}
        rules={[
          {
            validator: async (_rule, value: Dayjs | string | undefined) => {
              if (value && !dayjs(officeInstant(dayjs(value).format('YYYY-MM-DD HH:mm'))).isAfter(dayjs())) {
                throw new Error('下次联系时间需晚于现在')
              }
            },
          },
        ]}
      />
    </SubmitModalForm>
  )
}

/** The category tree (src/wire/categories.ts) as Cascader options: value = label at each level. */
const PROGRAMME_OPTIONS = CATEGORY_TREE.map((p) => ({
  value: p.label,
  label: p.label,
  children: p.children.map((c) => ({ value: c.label, label: c.label })),
}))

/** A deal: the programme enrolled in (category tree) and the amount in yuan, sent as fen. */
export function DealForm({ clue, onDone, trigger, intention }: ActionProps & { intention?: string | null }) {
  const [amountText, setAmountText] = useState('')
  const preset = intention?.includes('-') ? intention.split('-', 2) : undefined
  const fen = parseYuan(amountText, { negative: true })
  return (
    <SubmitModalForm<{ programme: string[]; amount: string }>
      title={`录入成交「${clue.name}」`}
      width={520}
      trigger={trigger ?? <Button>录入成交</Button>}
      initialValues={preset ? { programme: preset } : undefined}
      keepRefusalWhileEditing
      onValuesChange={(changed: { amount?: string }) => {
        if ('amount' in changed) setAmountText(changed.amount ?? '')
      }}
      onSubmit={({ programme, amount }) => {
        const value = programme.join('-')
        const fenAmount = parseYuan(amount, { negative: true })
        // The field's rules let no other text through.
        if (fenAmount === null) throw new Error('成交金额须为数字，最多两位小数')
        return cluesApi.deal({ id: clue.id, programme: value, amount: fenAmount })
      }}
      success='成交已录入，佣金已计入合伙人账户'
      onDone={onDone}
      onStale={onDone}
    >
      <CascaderField
        name='programme'
        label='成交专业'
        placeholder='选择报考类别和专业'
        fieldProps={{ options: PROGRAMME_OPTIONS, expandTrigger: 'hover' }}
        rules={[{ required: true, message: '请选择成交专业' }]}
      />
      <TextField
        name='amount'
        label='成交金额（元）'
        placeholder='例如 3980.00'
        fieldProps={{ prefix: '¥', inputMode: 'decimal', autoComplete: 'off' }}
        extra={fen !== null && fen > 0 ? `将记为 ${formatYuan(fen)}` : '以元为单位，最多两位小数'}
        rules={yuanRules({ label: '成交金额', min: 1, max: 100_000_000 })}
      />
    </SubmitModalForm>
  )
}

/** Mark the clue invalid, with the reason. */
export function InvalidForm({ clue, onDone, trigger }: ActionProps) {
  return (
    <SubmitModalForm<{ reason: string }>
      title={`标记无效「${clue.name}」`}
      width={480}
      trigger={trigger ?? <Button danger>标记无效</Button>}
      keepRefusalWhileEditing
      submitter={{ searchConfig: { submitText: '标记无效' } }}
      onSubmit={({ reason }) => cluesApi.invalid({ id: clue.id, reason: reason.trim() })}
      success='已标记为无效'
      onDone={onDone}
      onStale={onDone}
    >
      <ReasonField label='无效原因' placeholder='例如：空号、无意向、重复登记' />
    </SubmitModalForm>
  )
}

/**
 * Cancel a deal (the enrolment was refunded), with the reason: the server reverses the partner's
 * commission and any referral bonus (佣金撤回; what the balance lacks becomes the partner's debt).
 * 管理员, or the 招生老师 the clue is assigned to.
 */
export function CancelDealForm({ clue, onDone, trigger }: ActionProps & { clue: Pick<AdminClue, 'commission'> }) {
  return (
    <SubmitModalForm<{ reason: string }>
      title={`退费撤销成交「${clue.name}」`}
      width={480}
      trigger={trigger ?? <Button danger>退费撤销成交</Button>}
      keepRefusalWhileEditing
      submitter={{ searchConfig: { submitText: '确认撤销' } }}
      onSubmit={({ reason }) => cluesApi.cancelDeal({ id: clue.id, reason: reason.trim() })}
      success='已撤销成交，佣金已撤回'
      onDone={onDone}
      onStale={onDone}
      notice={
        <Alert
          type='warning'
          showIcon
          className='console-gap-bottom'
          message={`撤销后该线索变为“已退费”，不再计入合伙人本周期档位；已发放的佣金${
            clue.commission ? `（${formatYuan(clue.commission)}）` : ''
          }及推荐奖励将被撤回，余额不足的部分记为合伙人欠款，由之后的佣金抵扣。`}
        />
      }
    >
      <ReasonField label='退费原因' placeholder='例如：学员退学，学费已全额退还' />
    </SubmitModalForm>
  )
}
