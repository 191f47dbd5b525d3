/**
 * 学习报告 of one student (every role reads; opened from the student's page and from a course's
 * students): study time per day over the last 30 days, their courses with how each came (购买 /
 * 学校开通 / 免费加入), progress, time and each section's progress, and the live classes they
 * attended. Time is the server's credited time, the same the student's app shows.
 */
import { PageContainer } from '../../components/PageContainer'
import { Card, Col, Empty, Progress, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd'
import { lazy, Suspense } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { type SectionProgress, type StudentCourse, type StudentReport, studyReportApi } from '../../api/study'
import { DetailFrame } from '../../components/DetailFrame'
import { ENROLMENT_SOURCE_ENUM, EnumTag } from '../../components/status'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { formatDuration, formatStudyTime } from './media'

// echarts is large: it loads with this report only, after the figures.
const StudyChart = lazy(() => import('./StudyChart'))

function Sections({ sections }: { sections: SectionProgress[] }) {
  return (
    <Table<SectionProgress>
      rowKey='id'
      size='small'
      pagination={false}
      dataSource={sections}
      locale={{ emptyText: '这门课程还没有节' }}
      columns={[
        { title: '节', dataIndex: 'title' },
        {
          title: '进度',
          dataIndex: 'watched',
          width: 220,
          render: (_, s) => (
            <Progress
              size='small'
              percent={s.duration > 0 ? Math.min(100, Math.floor((s.watched / s.duration) * 100)) : s.finished ? 100 : 0}
              status={s.finished ? 'success' : 'normal'}
              aria-label={`${s.title}的进度`}
            />
          ),
        },
        {
          title: '已看 / 时长',
          dataIndex: 'duration',
          width: 130,
          render: (_, s) => `${formatDuration(s.watched)} / ${formatDuration(s.duration)}`,
        },
        { title: '上次看到', dataIndex: 'position', width: 90, render: (_, s) => formatDuration(s.position) },
        {
          title: '状态',
          dataIndex: 'finished',
          width: 80,
          render: (_, s) =>
            s.finished ? <Tag color='green'>已学完</Tag> : s.watched > 0 ? <Tag color='blue'>学习中</Tag> : <Tag>未开始</Tag>,
        },
      ]}
    />
  )
}

function Courses({ courses }: { courses: StudentCourse[] }) {
  return (
    <Table<StudentCourse>
      rowKey='courseId'
      size='small'
      pagination={false}
      dataSource={courses}
      data-testid='student-courses'
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description='还没有课程' /> }}
      expandable={{ expandedRowRender: (c) => <Sections sections={c.sections} />, rowExpandable: (c) => c.sections.length > 0 }}
      columns={[
        { title: '课程', dataIndex: 'title', render: (_, c) => <Link to={`/courses/${c.courseId}/students`}>{c.title}</Link> },
        { title: '类型', dataIndex: 'type', width: 80 },
        { title: '来源', dataIndex: 'source', width: 96, render: (_, c) => <EnumTag valueEnum={ENROLMENT_SOURCE_ENUM} value={c.source} /> },
        {
          title: '进度',
          dataIndex: 'percent',
          width: 200,
          render: (_, c) => (
            <span>
              <Progress size='small' percent={c.percent} aria-label={`${c.title}的学习进度 ${c.percent}%`} />
              <Typography.Text type='secondary' className='console-sub'>
                已学完 {c.finished}/{c.total} 节
              </Typography.Text>
            </span>
          ),
        },
        { title: '学习时长', dataIndex: 'watched', width: 100, align: 'right', render: (_, c) => formatStudyTime(c.watched) },
        {
          title: '最近学习',
          dataIndex: 'lastStudiedAt',
          width: 200,
          render: (_, c) => (
            <span>
              {formatDateTime(c.lastStudiedAt)}
              {c.lastSectionTitle ? (
                <Typography.Text type='secondary' className='console-sub'>
                  {c.lastSectionTitle}
                </Typography.Text>
              ) : null}
            </span>
          ),
        },
        { title: '加入时间', dataIndex: 'joinedAt', width: 140, render: (_, c) => formatDateTime(c.joinedAt) },
      ]}
    />
  )
}

function Live({ live }: { live: StudentReport['live'] }) {
  return (
    <Table
      rowKey='id'
      size='small'
      pagination={false}
      dataSource={live}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description='没有直播记录' /> }}
      columns={[
        { title: '直播', dataIndex: 'title' },
        { title: '开始时间', dataIndex: 'startsAt', width: 140, render: (v: string) => formatDateTime(v) },
        { title: '观看时长', dataIndex: 'watched', width: 100, align: 'right', render: (v: number) => formatStudyTime(v) },
        {
          title: '出勤',
          dataIndex: 'attended',
          width: 80,
          render: (v: boolean) => (v ? <Tag color='green'>已出勤</Tag> : <Tag>未出勤</Tag>),
        },
      ]}
    />
  )
}

export default function StudentStudy() {
  const { id } = useParams()
  const navigate = useNavigate()
  const studentId = Number(id)
  const valid = Number.isInteger(studentId) && studentId > 0
  const { data, error, reload } = useRemote(
    () => (valid ? studyReportApi.student(studentId) : Promise.reject(new Error('学员不存在'))),
    [studentId, valid],
  )
  const back = () => navigate(-1)

  if (!data) {
    return (
      <DetailFrame
        title='学习报告'
        onBack={back}
        list={{ to: '/students', label: '返回学员列表' }}
        error={error}
        onRetry={valid ? reload : undefined}
      />
    )
  }

  const month = data.days.reduce((sum, d) => sum + d.seconds, 0)
  const total = data.courses.reduce((sum, c) => sum + c.watched, 0)
  const attended = data.live.filter((l) => l.attended).length
  return (
    <PageContainer
      title={`学习报告：${data.student.name}`}
      subTitle={data.student.studentNo ? `学号 ${data.student.studentNo}` : undefined}
      onBack={back}
      extra={<Link to={`/students/${data.student.id}`}>学员详情</Link>}
    >
      <Card className='console-gap-bottom'>
        <Row className='console-parts'>
          <Col data-testid='study-courses'>
            <Statistic title='课程' value={data.courses.length} suffix='门' />
          </Col>
          <Col data-testid='study-total'>
            <Statistic title='累计学习' value={formatStudyTime(total)} />
          </Col>
          <Col data-testid='study-month'>
            <Statistic title='近30天学习' value={formatStudyTime(month)} />
          </Col>
          <Col>
            <Statistic title='直播出勤' value={`${attended} / ${data.live.length}`} suffix='场' />
          </Col>
        </Row>
      </Card>
      <Card title='近30天每日学习时长' className='console-gap-bottom'>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          {month > 0 ? <StudyChart days={data.days} /> : <Empty description='近30天没有学习记录' />}
        </Suspense>
      </Card>
      <Card
        title={
          <Space>
            课程<Typography.Text type='secondary'>展开一门课程查看每一节的进度</Typography.Text>
          </Space>
        }
        className='console-gap-bottom'
      >
        <Courses courses={data.courses} />
      </Card>
      <Card title='直播'>
        <Live live={data.live} />
      </Card>
    </PageContainer>
  )
}
