/**
 * 学员与进度: a course's students (phones masked), how each came to it (购买 / 学校开通 /
 * 免费加入), sections finished, time watched and when last studied; 导出 (xlsx, the back-office's
 * export). 管理员 grants the course to students (开通课程) and revokes a grant (only 学校开通: a
 * bought course stays). A name opens the student's own study report.
 */
import { EnrolmentSource } from '@activity/wire'
import { App, Empty, Popconfirm, Progress, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { courseReportApi, type CourseReportRow } from '../../api/courses'
import { grantsApi } from '../../api/study'
import { ExportButton } from '../../components/ExportButton'
import { ENROLMENT_SOURCE_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { lazyDialog } from '../../components/LazyDialog'
import { formatStudyTime } from './media'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

// The grant dialog (pro-form) loads when first clicked, not with the tab.
const GrantDialog = lazyDialog(() => import('./GrantDialog').then((m) => m.GrantDialog))

function RevokeGrant({ courseId, row, onDone }: { courseId: number; row: CourseReportRow; onDone: () => void }) {
  const { message } = App.useApp()
  return (
    <Popconfirm
      title={`撤销「${row.name}」的开通？`}
      description='撤销后学员不能再学习这门课程；学习记录保留，再次开通后继续计入。'
      okText='撤销'
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        grantsApi.revoke({ courseId, studentId: row.studentId }).then(
          () => {
            void message.success('已撤销开通')
            onDone()
          },
          () => undefined,
        )
      }
    >
      <Typography.Link type='danger'>撤销开通</Typography.Link>
    </Popconfirm>
  )
}

export function CourseStudents({
  course,
  canManage,
  onGranted,
}: {
  course: { id: number; title: string }
  canManage: boolean
  onGranted: () => void
}) {
  const { actionRef, reload } = useTableReload()
  const columns: ListColumn<CourseReportRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '姓名、完整手机号或学号' } },
    {
      title: '学员',
      dataIndex: 'name',
      search: false,
      width: 140,
      render: (_, r) => (
        <span>
          <Link to={`/students/${r.studentId}/study`}>{r.name}</Link>
          <Typography.Text type='secondary' className='console-sub'>
            {r.phone}
          </Typography.Text>
        </span>
      ),
    },
    { title: '学号', dataIndex: 'studentNo', search: false, width: 110, render: (_, r) => r.studentNo ?? '-' },
    { title: '来源', dataIndex: 'source', search: false, width: 96, ...enumColumn(ENROLMENT_SOURCE_ENUM) },
    {
      title: '进度',
      dataIndex: 'percent',
      search: false,
      width: 200,
      render: (_, r) => (
        <span>
          <Progress percent={r.percent} size='small' aria-label={`${r.name}的学习进度 ${r.percent}%`} />
          <Typography.Text type='secondary' className='console-sub'>
            已学完 {r.finished}/{r.total} 节
          </Typography.Text>
        </span>
      ),
    },
    { title: '学习时长', dataIndex: 'watched', search: false, width: 100, align: 'right', render: (_, r) => formatStudyTime(r.watched) },
    { title: '最近学习', dataIndex: 'lastStudiedAt', search: false, width: 140, render: (_, r) => formatDateTime(r.lastStudiedAt) },
    { title: '加入时间', dataIndex: 'joinedAt', search: false, width: 140, render: (_, r) => formatDateTime(r.joinedAt) },
    ...(canManage
      ? [
          {
            title: '操作',
            valueType: 'option',
            width: 90,
            render: (_: unknown, r: CourseReportRow) =>
              r.source === EnrolmentSource.granted ? [<RevokeGrant key='revoke' courseId={course.id} row={r} onDone={reload} />] : [],
          } satisfies ListColumn<CourseReportRow>,
        ]
      : []),
  ]
  return (
    <ListTable<CourseReportRow>
      actionRef={actionRef}
      rowKey='studentId'
      headerTitle='学员学习进度'
      columns={columns}
      fetch={(state) => courseReportApi.list({ ...toServerQuery(state), courseId: course.id })}
      scroll={{ x: 1000 }}
      emptyText={<Empty description='还没有学员加入这门课程' />}
      toolBarRender={() => [
        ...(canManage
          ? [
              <GrantDialog
                key='grant'
                course={course}
                onGranted={() => {
                  reload()
                  onGranted()
                }}
                trigger={<AddButton>开通课程</AddButton>}
              />,
            ]
          : []),
        <ExportButton key='export' path={courseReportApi.exportPath} query={{ courseId: course.id }} testId='course-report-export'>
          导出
        </ExportButton>,
      ]}
    />
  )
}
