/** Whether a clue's student has paid tuition (已缴学费 / 未缴学费 / 无学员), shown on the clue's page. */
import { Tag } from 'antd'
import { feesApi } from '../../api/fees'
import { useRemote } from '../../hooks/useRemote'

const COLOR: Record<string, string> = { 已缴学费: 'success', 未缴学费: 'warning', 无学员: 'default' }

export function TuitionOfClue({ clueId }: { clueId: number }) {
  const { data } = useRemote(() => feesApi.tuitionOfClue(clueId), [clueId])
  if (!data) return null
  return (
    <Tag color={COLOR[data.status]} data-testid='clue-tuition'>
      {data.status}
    </Tag>
  )
}
