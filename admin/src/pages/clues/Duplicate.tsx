/**
 * The de-dup rule where a teacher trips over it: a phone registered within 90 days belongs to the
 * first clue (and its partner). Shown on a clue that has an earlier twin, beside refused import
 * rows, and in the 查重 lookup (DuplicateCheck.tsx) a teacher uses before promising a prospect to anyone.
 */
import { Alert, Tag, Typography } from 'antd'
import { Link } from 'react-router-dom'
import type { DuplicateClue } from '../../api/clues'
import { PartnerLink, partnerLabel } from '../../components/PartnerLink'
import { formatDate } from '../../format'

export const DEDUP_RULE = '同一手机号90天内只能登记一次，线索归最先登记的合伙人'

/** One line naming the earlier clue, its partner and its teacher, with links. */
export function DuplicateLine({ clue }: { clue: DuplicateClue }) {
  return (
    <span data-testid='duplicate-line'>
      <Link to={`/clues/${clue.id}`}>
        线索 #{clue.id}「{clue.name}」
      </Link>
      ，{formatDate(clue.createdAt)} 登记，<Tag className='console-tag-tight'>{clue.status}</Tag>合伙人{' '}
      <PartnerLink clue={clue}>{partnerLabel(clue)}</PartnerLink>，负责老师 {clue.assigneeName ?? '未分配'}
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
