/**
 * 学员详情: the roll (the ID number masked as the server sends it), whether the person is also a
 * partner, the clue it came from, the status history (who, when, why) and the correction
 * requests. 编辑 and 变更状态 for those who keep the register; 财务 reads. 学习报告 opens the
 * student's courses and study time.
 */
import { LineChartOutlined } from '@ant-design/icons'
import { PageContainer } from '../../components/PageContainer'
import { RollRequestStatus } from '@activity/wire'
import { Button, Card, Col, Descriptions, type DescriptionsProps, Empty, Space, Table, Row, Tag, Timeline, Typography } from 'antd'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { type RollRequest, type StatusChange, type StudentDetail as Detail, studentsApi } from '../../api/students'
import { DetailFrame } from '../../components/DetailFrame'
import { EnumTag, ROLL_REQUEST_STATUS_ENUM, STUDENT_STATUS_ENUM } from '../../components/status'
import { formatDateTime as at } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { RequestActions } from '../roll-requests/RequestActions'
import { batchLabel } from './roll'
import { StatusForm, StudentForm } from './StudentForms'
import { MaskedPhone } from '../../components/MaskedPhone'

const text = (v: string | null | undefined) => (v ? v : '-')

function rollItems({ roll }: Detail): DescriptionsProps['items'] {
  return [
    { key: 'name', label: '姓名', children: roll.name },
    { key: 'phone', label: '手机号', children: <MaskedPhone phone={roll.phone} kind='student' id={roll.id} copyable /> },
    { key: 'idCard', label: '身份证号', children: text(roll.idCard) },
    { key: 'gender', label: '性别', children: text(roll.gender) },
    { key: 'educationType', label: '教育类型', children: roll.educationType },
    { key: 'school', label: '学校', children: roll.school },
    { key: 'major', label: '专业', children: roll.major },
    { key: 'level', label: '层次', children: roll.level },
    { key: 'programme', label: '报读项目', children: text(roll.programme) },
    { key: 'discipline', label: '学科', children: text(roll.discipline) },
    { key: 'batch', label: '批次', children: batchLabel(roll.batchYear, roll.batch) },
    { key: 'studentNo', label: '学号', children: text(roll.studentNo) },
    { key: 'status', label: '学籍状态', children: <EnumTag valueEnum={STUDENT_STATUS_ENUM} value={roll.status} /> },
    {
      key: 'partner',
      label: '合伙人身份',
      children: roll.hasPartner ? <Tag color='orange'>也是合伙人</Tag> : <Typography.Text type='secondary'>否</Typography.Text>,
    },
    {
      key: 'clue',
      label: '来源线索',
      children: roll.clueId ? <Link to={`/clues/${roll.clueId}`}>线索 #{roll.clueId}</Link> : '-',
    },
    { key: 'createdAt', label: '登记时间', children: at(roll.createdAt) },
    { key: 'updatedAt', label: '最近修改', children: at(roll.updatedAt) },
    { key: 'remark', label: '备注', span: 2, children: text(roll.remark) },
  ]
}

function History({ items }: { items: StatusChange[] }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description='还没有状态记录' />
  return (
    <Timeline
      data-testid='student-history'
      items={items.map((h) => ({
        key: h.id,
        color: h.fromStatus === null ? 'gray' : 'blue',
        children: (
          <div>
            <Space size='small' wrap>
              <Typography.Text strong>{h.fromStatus ? `${h.fromStatus} → ${h.toStatus}` : `登记为${h.toStatus}`}</Typography.Text>
              <Typography.Text type='secondary'>{at(h.createdAt)}</Typography.Text>
              {h.adminName ? <Typography.Text type='secondary'>{h.adminName}</Typography.Text> : null}
            </Space>
            {h.reason ? <div className='console-pre-wrap'>{h.reason}</div> : null}
          </div>
        ),
      }))}
    />
  )
}

function Requests({
  items,
  studentName,
  onDone,
  canReview,
}: {
  items: RollRequest[]
  studentName: string
  onDone: () => void
  canReview: boolean
}) {
  return (
    <Table<RollRequest>
      data-testid='student-requests'
      rowKey='id'
      size='small'
      pagination={false}
      dataSource={items}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description='没有学籍变更申请' /> }}
      columns={[
        { title: '修改项', dataIndex: 'fieldLabel', width: 80 },
        {
          title: '原值 → 新值',
          dataIndex: 'newValue',
          render: (_, r) => (
            <span>
              <Typography.Text type='secondary'>{r.oldValue ?? '空'}</Typography.Text> →{' '}
              <Typography.Text strong>{r.newValue}</Typography.Text>
            </span>
          ),
        },
        { title: '申请原因', dataIndex: 'reason', ellipsis: true, render: (_, r) => text(r.reason) },
        {
          title: '状态',
          dataIndex: 'status',
          width: 140,
          render: (_, r) => (
            <Space direction='vertical' size={0}>
              <EnumTag valueEnum={ROLL_REQUEST_STATUS_ENUM} value={r.status} />
              {r.refuseReason ? (
                <Typography.Text type='secondary' className='console-small'>
                  {r.refuseReason}
                </Typography.Text>
              ) : null}
            </Space>
          ),
        },
        { title: '申请时间', dataIndex: 'createdAt', width: 130, render: (_, r) => at(r.createdAt) },
        ...(canReview
          ? [
              {
                title: '操作',
                key: 'actions',
                width: 100,
                render: (_: unknown, r: RollRequest) =>
                  r.status === RollRequestStatus.pending ? <RequestActions request={{ ...r, studentName }} onDone={onDone} /> : '-',
              },
            ]
          : []),
      ]}
    />
  )
}

export default function StudentDetail() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { canEditStudents, canReviewRollRequests } = useAccess()
  const studentId = Number(id)
  const valid = Number.isInteger(studentId) && studentId > 0
  const { data, error, reload } = useRemote(
    () => (valid ? studentsApi.details(studentId) : Promise.reject(new Error('学员不存在'))),
    [studentId, valid],
  )
  const back = () => navigate(-1)

  if (!data) {
    return (
      <DetailFrame
        title='学员详情'
        onBack={back}
        list={{ to: '/students', label: '返回学员列表' }}
        error={error}
        onRetry={valid ? reload : undefined}
      />
    )
  }

  const { roll } = data
  const pending = data.requests.filter((r) => r.status === RollRequestStatus.pending).length
  return (
    <PageContainer
      title={`学员：${roll.name}`}
      subTitle={<EnumTag valueEnum={STUDENT_STATUS_ENUM} value={roll.status} />}
      onBack={back}
      extra={
        <Space wrap>
          <Link to={`/students/${roll.id}/study`}>
            <Button icon={<LineChartOutlined />}>学习报告</Button>
          </Link>
          {canEditStudents ? (
            <>
              <StudentForm roll={roll} onDone={reload} trigger={<Button>编辑</Button>} />
              <StatusForm roll={roll} onDone={reload} />
            </>
          ) : null}
        </Space>
      }
    >
      <Card title='学籍信息' className='console-gap-bottom'>
        <Descriptions column={3} size='small' items={rollItems(data)} data-testid='student-roll' />
      </Card>
      <Card className='console-split-card'>
        <Row>
          <Col xs={24} lg={7}>
            <Card variant='borderless' title='状态记录'>
              <History items={data.history} />
            </Card>
          </Col>
          <Col xs={24} lg={17}>
            <Card variant='borderless' title='学籍变更申请' extra={pending > 0 ? <Tag color='warning'>{pending} 条待审核</Tag> : null}>
              <Requests items={data.requests} studentName={roll.name} onDone={reload} canReview={canReviewRollRequests} />
            </Card>
          </Col>
        </Row>
      </Card>
    </PageContainer>
  )
}
