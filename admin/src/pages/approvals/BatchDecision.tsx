/**
 * 批量同意 / 批量驳回 of the selected requests: the comment (required to refuse: the applicants
 * read it), then each request's outcome: how many were decided and, for each of the others, why
 * not (decided by someone else meanwhile, no longer the operator's step). The list behind reloads
 * once the dialog closes.
 */
import { Alert, Button } from 'antd'
import { useState } from 'react'
import { type ApprovalRow, type BatchOutcome, approvalsApi } from '../../api/approvals'
import { ModalForm, TextAreaField } from '../../components/form'
import type { DialogControl } from '../../components/LazyDialog'
import { useSubmission } from '../../hooks/useSubmission'
import { requiredText } from '../../form-rules'
import { batchSummary, decisionTexts } from './approval'

export function BatchDecision({
  decision,
  rows,
  onDecided,
  open,
  onOpenChange: setOpen,
}: {
  decision: 'approve' | 'refuse'
  rows: Array<Pick<ApprovalRow, 'id' | 'title'>>
  /** After the dialog closes on an outcome. */
  onDecided: () => void
} & DialogControl) {
  const [outcome, setOutcome] = useState<BatchOutcome[]>()
  const { submit, shown, clear } = useSubmission()
  const { verb, comment } = decisionTexts(decision)
  const titleOf = (id: number) => rows.find((r) => r.id === id)?.title ?? `审批 #${id}`
  const summary = outcome ? batchSummary(outcome, decision) : undefined
  return (
    <ModalForm<{ comment?: string }>
      title={`批量${verb}（${rows.length} 条）`}
      width={560}
      open={open}
      onOpenChange={setOpen}
      modalProps={{
        onCancel: clear,
        afterClose: () => {
          if (outcome) onDecided()
          setOutcome(undefined)
        },
      }}
      onValuesChange={clear}
      submitter={
        outcome
          ? {
              render: () => [
                <Button key='done' type='primary' onClick={() => setOpen(false)}>
                  完成
                </Button>,
              ],
            }
          : { searchConfig: { submitText: `${verb} ${rows.length} 条` }, submitButtonProps: { danger: decision === 'refuse' } }
      }
      onFinish={async ({ comment: text }) => {
        await submit(async () => {
          setOutcome(await approvalsApi.batchDecide({ ids: rows.map((r) => r.id), decision, comment: text?.trim() || undefined }))
        })
        // Stays open on the outcome (or the refusal).
        return false
      }}
    >
      {shown}
      {summary ? (
        <div data-testid='batch-result'>
          <Alert
            type={summary.failed.length === 0 ? 'success' : 'warning'}
            showIcon
            message={summary.text}
            description={
              summary.failed.length ? (
                <ul className='console-flush'>
                  {summary.failed.map((r) => (
                    <li key={r.id}>
                      {titleOf(r.id)}：{r.message}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        </div>
      ) : (
        <>
          <Alert
            type={decision === 'refuse' ? 'warning' : 'info'}
            showIcon
            className='console-gap-bottom'
            message={`将逐条${verb}选中的 ${rows.length} 条审批，每条的结果分别显示。`}
          />
          <TextAreaField
            name='comment'
            label={comment}
            placeholder={decision === 'refuse' ? '申请人会看到这个原因' : '可不填'}
            fieldProps={{ maxLength: 200, showCount: true }}
            rules={decision === 'refuse' ? requiredText(comment, 200) : [{ max: 200, message: `${comment}不能超过200个字符` }]}
          />
        </>
      )}
    </ModalForm>
  )
}
