/**
 * 学员 (招生老师/管理员 keep it, 财务 reads it): the register filtered in the address by keyword
 * (name, phone, student no), education type, school, major, level, batch year, batch and status
 * (when each was registered is on the student's page, the list stays one screen wide);
 * 导出 follows the filters; 导入 and 新增学员 for those who keep it; 管理员 selects students to
 * grant them a course (开通课程).
 */
import { PageContainer } from '../../components/PageContainer'
import { Button, Empty, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { type StudentRoll, studentsApi } from '../../api/students'
import { ExportButton } from '../../components/ExportButton'
import { EDUCATION_TYPE_ENUM, STUDENT_LEVEL_ENUM, STUDENT_STATUS_ENUM, enumColumn } from '../../components/status'
import { listPreload, ListTable, type ListColumn } from '../../components/ListTable'
import { exportQuery, type ListState, toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { lazyDialog } from '../../components/LazyDialog'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS, batchLabel } from './roll'
import { MaskedPhone } from '../../components/MaskedPhone'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

// The dialogs (pro-form) load when first clicked, not with the list.
const ImportStudents = lazyDialog(() => import('./ImportStudents').then((m) => m.ImportStudents))
const GrantDialog = lazyDialog(() => import('../courses/GrantDialog').then((m) => m.GrantDialog))
const StudentForm = lazyDialog(() => import('./StudentForms').then((m) => m.StudentForm))

/** Filter options hold text: the address gives the filters back as text. */
const asText = (options: Array<{ value: number; label: string }>) => options.map((o) => ({ value: String(o.value), label: o.label }))

function fetchPage(state: ListState) {
  return studentsApi.list(toServerQuery(state))
}

export const preload = listPreload(fetchPage)

export default function StudentList() {
  const { canEditStudents, canManageCourses, canExportStudents } = useAccess()
  const [selected, setSelected] = useState<number[]>([])
  const navigate = useNavigate()
  const { actionRef, reload } = useTableReload()

  const columns: ListColumn<StudentRoll>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '姓名、完整手机号或学号' } },
    {
      title: '姓名',
      dataIndex: 'name',
      search: false,
      width: 130,
      render: (_, s) => (
        <span className='console-nowrap'>
          <Link to={`/students/${s.id}`}>{s.name}</Link> {s.hasPartner ? <Tag color='orange'>合伙人</Tag> : null}
        </span>
      ),
    },
    {
      title: '手机号',
      dataIndex: 'phone',
      search: false,
      width: 120,
      render: (_, s) => <MaskedPhone phone={s.phone} kind='student' id={s.id} />,
    },
    { title: '教育类型', dataIndex: 'educationType', valueType: 'select', valueEnum: EDUCATION_TYPE_ENUM, width: 90 },
    { title: '学校', dataIndex: 'school', ellipsis: true, fieldProps: { placeholder: '学校名称' } },
    { title: '专业', dataIndex: 'major', ellipsis: true, fieldProps: { placeholder: '专业名称' } },
    { title: '层次', dataIndex: 'level', valueType: 'select', valueEnum: STUDENT_LEVEL_ENUM, width: 60 },
    {
      title: '批次',
      dataIndex: 'batchLabel',
      search: false,
      width: 95,
      render: (_, s) => batchLabel(s.batchYear, s.batch),
    },
    {
      title: '批次年份',
      dataIndex: 'batchYear',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: asText(BATCH_YEAR_OPTIONS) },
    },
    { title: '批次', dataIndex: 'batch', hideInTable: true, valueType: 'select', fieldProps: { options: asText(BATCH_OPTIONS) } },
    { title: '学号', dataIndex: 'studentNo', search: false, width: 110, render: (_, s) => s.studentNo ?? '-' },
    { title: '班级', dataIndex: 'className', search: false, ellipsis: true, render: (_, s) => s.className ?? '未分班' },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 80, ...enumColumn(STUDENT_STATUS_ENUM) },
    {
      title: '操作',
      valueType: 'option',
      width: 60,
      fixed: 'right',
      render: (_, s) => <Link to={`/students/${s.id}`}>查看</Link>,
    },
  ]

  return (
    <PageContainer title='学员' subTitle={canEditStudents ? undefined : '只读'}>
      <ListTable<StudentRoll>
        actionRef={actionRef}
        headerTitle='学员列表'
        columns={columns}
        fetch={fetchPage}
        scroll={{ x: 1000 }}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: 6 }}
        emptyText={<Empty description='没有符合条件的学员' />}
        // 开通课程 for the students chosen here (a page at a time).
        rowSelection={
          canManageCourses
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (s) => ({ name: `select-${s.id}`, 'aria-label': `选择学员 ${s.name}` }),
              }
            : undefined
        }
        tableAlertRender={({ selectedRowKeys }) => `已选 ${selectedRowKeys.length} 名学员`}
        tableAlertOptionRender={({ onCleanSelected }) => (
          <Space>
            <GrantDialog
              studentIds={selected}
              onGranted={onCleanSelected}
              trigger={
                <Button size='small' type='primary'>
                  开通课程
                </Button>
              }
            />
            <Button size='small' onClick={onCleanSelected}>
              取消选择
            </Button>
          </Space>
        )}
        toolBarRender={(state) => [
          ...(canEditStudents
            ? [
                <ImportStudents key='import' trigger={<Button>导入</Button>} onImported={reload} />,
                <StudentForm key='add' onDone={(saved) => navigate(`/students/${saved.id}`)} trigger={<AddButton>新增学员</AddButton>} />,
              ]
            : []),
          canExportStudents ? (
            <ExportButton key='export' path={studentsApi.exportPath} query={exportQuery(state)} testId='student-export'>
              导出
            </ExportButton>
          ) : null,
        ]}
      />
      <Typography.Text type='secondary' className='console-small'>
        身份证号只显示首尾各4位。
      </Typography.Text>
    </PageContainer>
  )
}
