/**
 * One clue: who the prospect is, whose clue it is (partner, teacher), the earlier clue of the same
 * phone if there is one, and its timeline (created, each follow-up, each action). The teacher
 * works it from here: take, follow up, record a deal, mark invalid, cancel a refunded deal; 管理员
 * also assigns. A deal's prospect becomes a student here (转为学员), and the clue links to them after.
 */
import { CheckCircleOutlined } from '@ant-design/icons'
import { PageContainer } from '../../components/PageContainer'
import { ClueStatus } from '@activity/wire'
import { Alert, Button, Card, Col, Descriptions, type DescriptionsProps, Empty, Row, Space, Tag, Timeline, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { type ClueDetail as Detail, cluesApi, type TimelineItem } from '../../api/clues'
import { type StudentRoll, studentsApi } from '../../api/students'
import { formatYuan } from '@activity/money'
import { DetailFrame } from '../../components/DetailFrame'
import { CLUE_STATUS_ENUM, EnumTag } from '../../components/status'
import { useRemote } from '../../hooks/useRemote'
import { TuitionOfClue } from '../fees/TuitionOfClue'
import { formatDateTime as at } from '../../format'
import { type Access } from '../../access'
import { useAccess } from '../../session/access'
import { useSession } from '../../session/session'
import { FromClueForm } from '../students/StudentForms'
import { AssignForm, CancelDealForm, DealForm, FollowUpForm, InvalidForm } from './ClueForms'
import { TakeButton } from './TakeButton'
import { DuplicateNotice } from './Duplicate'
import { PartnerLink } from '../../components/PartnerLink'
import { MaskedPhone } from '../../components/MaskedPhone'

const KIND_COLOR: Record<TimelineItem['kind'], string> = { created: 'gray', followUp: 'blue', action: 'green' }

function ClueTimeline({ items }: { items: TimelineItem[] }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description='还没有跟进记录' />
  return (
    <Timeline
      data-testid='clue-timeline'
      items={items.map((item, i) => ({
        key: `${item.at}-${i}`,
        color: KIND_COLOR[item.kind],
        children: (
          <div className='clue-timeline__item'>
            <Space size='small' wrap>
              <Typography.Text strong>{item.title}</Typography.Text>
              <Typography.Text type='secondary'>{at(item.at)}</Typography.Text>
              {item.adminName ? <Typography.Text type='secondary'>{item.adminName}</Typography.Text> : null}
            </Space>
            {item.detail ? <div className='console-pre-wrap'>{item.detail}</div> : null}
          </div>
        ),
      }))}
    />
  )
}

function infoItems(clue: Detail): DescriptionsProps['items'] {
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: '姓名', children: clue.name },
    { key: 'phone', label: '手机号', children: <MaskedPhone phone={clue.phone} kind='clue' id={clue.id} copyable /> },
    { key: 'status', label: '状态', children: <EnumTag valueEnum={CLUE_STATUS_ENUM} value={clue.status} /> },
    { key: 'source', label: '来源', children: clue.source },
    { key: 'intention', label: '意向专业', children: clue.intention ?? '-' },
    { key: 'contactMethod', label: '联系方式', children: clue.contactMethod ?? '-' },
    {
      key: 'partner',
      label: '合伙人',
      children: (
        <PartnerLink clue={clue}>
          {clue.partnerName ?? '未填姓名'} {clue.partnerPhone}（{clue.partnerCode}）
        </PartnerLink>
      ),
    },
    { key: 'assignee', label: '负责老师', children: clue.assigneeName ?? <Tag>公海（未分配）</Tag> },
    { key: 'createdAt', label: '登记时间', children: at(clue.createdAt) },
    { key: 'lastTouchedAt', label: '最近跟进', children: at(clue.lastTouchedAt) },
    {
      key: 'nextContactAt',
      label: '下次联系',
      children: clue.nextContactAt ? (
        <Typography.Text type={dayjs(clue.nextContactAt).isBefore(dayjs()) ? 'danger' : undefined}>
          {at(clue.nextContactAt)}
        </Typography.Text>
      ) : (
        '-'
      ),
    },
    { key: 'remark', label: '备注', children: clue.remark ?? '-' },
  ]
  if (clue.status === ClueStatus.deal || clue.status === ClueStatus.cancelled) {
    items.push(
      { key: 'programme', label: '成交专业', children: clue.programme ?? '-' },
      { key: 'amount', label: '成交金额', children: clue.amount === null ? '-' : formatYuan(clue.amount) },
      {
        key: 'commission',
        label: '合伙人佣金',
        children: clue.commission === null ? '-' : `${formatYuan(clue.commission)}${clue.levelName ? `（${clue.levelName}）` : ''}`,
      },
      { key: 'dealAt', label: '成交时间', children: at(clue.dealAt) },
    )
  }
  if (clue.status === ClueStatus.invalid) items.push({ key: 'invalidReason', label: '无效原因', children: clue.invalidReason ?? '-' })
  if (clue.status === ClueStatus.cancelled)
    items.push(
      { key: 'cancelReason', label: '退费原因', children: clue.cancelReason ?? '-' },
      { key: 'cancelledAt', label: '撤销时间', children: at(clue.cancelledAt) },
    )
  return items
}

/**
 * A deal's student: 已转为学员 with the way to them once the clue became one (or linked one), else
 * 转为学员 for those who may. Nothing while the answer is coming or when it did not come (the
 * conversion would be refused anyway when the clue has its student already).
 */
function StudentOfClue({ clue, access }: { clue: Detail; access: Access }) {
  const [converted, setConverted] = useState<StudentRoll>()
  const { data, error, loading } = useRemote(() => studentsApi.byClue(clue.id), [clue.id])
  const student = converted ?? data
  if (student) {
    return (
      <Link to={`/students/${student.id}`} data-testid='clue-student'>
        <Tag color='success' icon={<CheckCircleOutlined />}>
          已转为学员
        </Tag>
        查看学员「{student.name}」 <TuitionOfClue clueId={clue.id} />
      </Link>
    )
  }
  if (loading || error || clue.status !== ClueStatus.deal || !access.canConvertClues) return <TuitionOfClue clueId={clue.id} />
  return <FromClueForm clue={clue} onDone={setConverted} />
}

function Actions({ clue, reload, access, adminId }: { clue: Detail; reload: () => void; access: Access; adminId?: number }) {
  // A deal is cancelled by 管理员 or the 招生老师 it is assigned to (the server checks it again).
  const canCancel = access.canCancelAnyDeal || (adminId !== undefined && clue.assigneeId === adminId)
  if (clue.status === ClueStatus.deal || clue.status === ClueStatus.cancelled)
    return (
      <Space wrap>
        <StudentOfClue clue={clue} access={access} />
        {clue.status === ClueStatus.deal && canCancel ? <CancelDealForm clue={clue} onDone={reload} /> : null}
      </Space>
    )
  const open = clue.status === ClueStatus.new || clue.status === ClueStatus.following
  if (!open) return null
  return (
    <Space wrap>
      {clue.assigneeId === null && access.canTakeClues ? <TakeButton clue={clue} onDone={reload} inHeader /> : null}
      {access.canAssignClues ? (
        <AssignForm clue={clue} assigneeId={clue.assigneeId} onDone={reload} trigger={<Button>分配</Button>} />
      ) : null}
      <FollowUpForm clue={clue} onDone={reload} />
      <DealForm clue={clue} onDone={reload} intention={clue.intention} />
      <InvalidForm clue={clue} onDone={reload} />
    </Space>
  )
}

export default function ClueDetail() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { admin } = useSession()
  const access = useAccess()
  const clueId = Number(id)
  const valid = Number.isInteger(clueId) && clueId > 0
  const { data, error, reload } = useRemote(
    () => (valid ? cluesApi.details(clueId) : Promise.reject(new Error('线索不存在'))),
    [clueId, valid],
  )
  const back = () => navigate(-1)

  if (!data) {
    return <DetailFrame title='线索详情' onBack={back} list={{ to: '/clues', label: '返回线索列表' }} error={error} onRetry={reload} />
  }

  const clue = data
  return (
    <PageContainer
      title={`线索：${clue.name}`}
      subTitle={<EnumTag valueEnum={CLUE_STATUS_ENUM} value={clue.status} />}
      onBack={back}
      extra={<Actions clue={clue} reload={reload} access={access} adminId={admin?.id} />}
    >
      {error ? <Alert type='error' showIcon message={error} className='console-gap-bottom' /> : null}
      {clue.duplicate ? <DuplicateNotice clue={clue.duplicate} /> : null}
      <Card className='console-split-card'>
        <Row>
          <Col xs={24} lg={14}>
            <Card variant='borderless' title='线索信息'>
              <Descriptions column={2} size='middle' items={infoItems(clue)} data-testid='clue-info' />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card
              variant='borderless'
              title='跟进时间线'
              extra={<Typography.Text type='secondary'>共 {clue.followUps.length} 次跟进</Typography.Text>}
            >
              <ClueTimeline items={clue.timeline} />
            </Card>
          </Col>
        </Row>
      </Card>
    </PageContainer>
  )
}
