/**
 * 查重: is this phone already someone's clue? A teacher asks before promising a prospect to anyone.
 * Loaded when the list's 查重 is first clicked (lazyDialog).
 */
import { ModalForm, TextField } from '../../components/form'
import { Alert, Descriptions, Empty, Typography } from 'antd'
import { useState } from 'react'
import { cluesApi, type DuplicateClue } from '../../api/clues'
import type { DialogControl } from '../../components/LazyDialog'
import { useSubmission } from '../../hooks/useSubmission'
import { DEDUP_RULE, DuplicateLine } from './Duplicate'

/** 查重: is this phone already someone's clue? */
export function DuplicateCheck(control: DialogControl) {
  const [answer, setAnswer] = useState<{ phone: string; clue: DuplicateClue | null }>()
  const { submit, refusal, clear } = useSubmission()
  return (
    <ModalForm<{ phone: string }>
      title='手机号查重'
      width={560}
      {...control}
      submitter={{ searchConfig: { submitText: '查询' }, resetButtonProps: { style: { display: 'none' } } }}
      modalProps={{
        afterClose: () => {
          setAnswer(undefined)
          clear()
        },
      }}
      onFinish={async ({ phone }) => {
        const done = await submit(async () => {
          const { clue } = await cluesApi.duplicate(phone.trim())
          setAnswer({ phone: phone.trim(), clue })
        })
        if (!done) setAnswer(undefined)
        return false
      }}
    >
      <Typography.Paragraph type='secondary'>{DEDUP_RULE}。</Typography.Paragraph>
      <TextField
        name='phone'
        label='手机号'
        placeholder='11位手机号'
        fieldProps={{ maxLength: 11, inputMode: 'numeric' }}
        rules={[
          { required: true, message: '请填写手机号' },
          { pattern: /^1\d{10}$/, message: '手机号格式不正确' },
        ]}
      />
      {refusal ? <Alert role='alert' type='error' showIcon message={refusal} /> : null}
      {answer ? (
        answer.clue ? (
          <Alert
            type='warning'
            showIcon
            message={`${answer.phone} 已在90天内登记，不能再次登记`}
            description={
              <Descriptions size='small' column={1}>
                <Descriptions.Item label='已有线索'>
                  <DuplicateLine clue={answer.clue} />
                </Descriptions.Item>
              </Descriptions>
            }
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${answer.phone} 90天内没有登记，可以登记`} />
        )
      ) : null}
    </ModalForm>
  )
}
