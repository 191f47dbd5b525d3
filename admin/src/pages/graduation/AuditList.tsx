/**
 * 毕业审核: the audits, one per batch, with their graduation date, required courses and how far
 * the batch has come (学员, 可提交, 未满足, 审核中, 已毕业). Who holds 毕业 · 编辑 (access.ts
 * canEditGraduation) opens one (新建审核); an audit opens its 毕业预览 (AuditDetail).
 */
import { type TableColumnsType, Typography } from 'antd'
import { Link, useNavigate } from 'react-router-dom'
import { type GraduationAuditRow, graduationAuditApi } from '../../api/graduation'
import { AddButton } from '../../components/AddButton'
import { lazyDialog } from '../../components/LazyDialog'
import { WholeListScreen } from '../../components/list/WholeListScreen'
import { useRemote } from '../../hooks/useRemote'
import type { ScreenPreload } from '../../screen-preload'
import { useAccess } from '../../session/access'
import { batchLabel } from '../students/roll'

/** 新建审核: loaded when first opened. */
const AuditForm = lazyDialog(() => import('./AuditForms').then((m) => m.AuditForm))

export const preload: ScreenPreload = () => void graduationAuditApi.audits()

const count = (n: number) => <span className='console-nowrap'>{n}</span>

export default function AuditList() {
  const { canEditGraduation } = useAccess()
  const navigate = useNavigate()
  const { data, error, loading, reload } = useRemote(() => graduationAuditApi.audits(), [])

  const columns: TableColumnsType<GraduationAuditRow> = [
    {
      title: '审核名称 / 批次',
      dataIndex: 'title',
      render: (_, a) => (
        <>
          <Link to={`/graduation/audits/${a.id}`}>{a.title}</Link>
          <Typography.Text type='secondary' className='console-sub'>
            {batchLabel(a.batchYear, a.batch)}
          </Typography.Text>
        </>
      ),
    },
    { title: '毕业日期', dataIndex: 'graduationDate', width: 105 },
    {
      title: '必修课程',
      key: 'courses',
      render: (_, a) =>
        a.requiredCourses.length ? (
          <span className='console-small'>{a.requiredCourses.map((c) => c.title).join('、')}</span>
        ) : (
          <Typography.Text type='secondary'>—</Typography.Text>
        ),
    },
    { title: '学员', key: 'students', width: 60, align: 'right', render: (_, a) => count(a.counts.students) },
    { title: '可提交', key: 'ready', width: 70, align: 'right', render: (_, a) => count(a.counts.ready) },
    { title: '未满足', key: 'blocked', width: 70, align: 'right', render: (_, a) => count(a.counts.blocked) },
    { title: '审核中', key: 'pending', width: 70, align: 'right', render: (_, a) => count(a.counts.pending) },
    { title: '已毕业', key: 'graduated', width: 70, align: 'right', render: (_, a) => count(a.counts.graduated) },
    {
      title: '操作',
      key: 'actions',
      width: 60,
      fixed: 'right',
      render: (_, a) => (
        <Link to={`/graduation/audits/${a.id}`} aria-label={`查看「${a.title}」`}>
          查看
        </Link>
      ),
    },
  ]

  return (
    <WholeListScreen<GraduationAuditRow>
      title='毕业审核'
      cardTitle='毕业审核'
      editable={canEditGraduation}
      add={<AuditForm trigger={<AddButton>新建审核</AddButton>} onSaved={(saved) => navigate(`/graduation/audits/${saved.id}`)} />}
      remote={{ data, error, loading, reload }}
      columns={columns}
      empty='还没有毕业审核'
      note='每个批次一次审核：学籍、学费、必修课程、考试、毕业论文、毕业照片由系统检查，其他条件由教务处标记；条件全部满足的学员提交审核，经班主任和教务处审批通过后成为毕业生。'
    />
  )
}
