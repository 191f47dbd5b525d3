/**
 * The de-dup rule where a teacher trips over it: a phone registered within 90 days belongs to the
 * first clue (and its partner). Shown on a clue that has an earlier twin, beside refused import
 * rows, and in the 查重 lookup a teacher uses before promising a prospect to anyone.
 */
import { ModalForm, ProFormText } from '@ant-design/pro-components'
import { Alert, Button, Descriptions, Empty, Tag, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { cluesApi, type DuplicateClue } from '../../api/clues'
import { formatDate } from '../../format'
import { useSubmission } from '../../hooks/useSubmission'

export const DEDUP_RULE = '同一手机号90天内只能登记一次，线索归最先登记的合伙人'

export function partnerLabel(d: { partnerName: string | null; partnerCode: string }): string {
  return `${d.partnerName ?? '未填姓名'}（${d.partnerCode}）`
}

/** One line naming the earlier clue, its partner and its teacher, with links. */
export function DuplicateLine({ clue }: { clue: DuplicateClue }) {
  return (
    <span data-testid='duplicate-line'>
      <Link to={`/clues/${clue.id}`}>
        线索 #{clue.id}「{clue.name}」
      </Link>
      ，{formatDate(clue.createdAt)} 登记，<Tag className='console-tag-tight'>{clue.status}</Tag>合伙人{' '}
      <Link to={`/partners/${clue.partnerId}`}>{partnerLabel(clue)}</Link>，负责老师 {clue.assigneeName ?? '未分配'}
    </span>
  )
}

/** On a clue's page: it has an earlier clue of the same phone. */
export function DuplicateNotice({ clue }: { clue: DuplicateClue }) {
  return (
    <Alert
      type='warning'
      showIcon
      data-testid='duplicate-notice'
      message='该手机号90天内已有更早的线索'
      description={
        <>
          <DuplicateLine clue={clue} />
          <Typography.Text type='secondary' className='console-sub console-gap-top-xxs'>
            {DEDUP_RULE}。
          </Typography.Text>
        </>
      }
      className='console-gap-bottom'
    />
  )
}

/** 查重: is this phone already someone's clue? */
export function DuplicateCheck() {
  const [answer, setAnswer] = useState<{ phone: string; clue: DuplicateClue | null }>()
  const { submit, refusal, clear } = useSubmission()
  return (
    <ModalForm<{ phone: string }>
      title='手机号查重'
      width={560}
      trigger={<Button>查重</Button>}
      submitter={{ searchConfig: { submitText: '查询' }, resetButtonProps: { style: { display: 'none' } } }}
      modalProps={{
        destroyOnClose: true,
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
      <ProFormText
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
