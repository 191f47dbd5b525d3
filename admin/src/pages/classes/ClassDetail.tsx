/**
 * 班级详情: the class at a glance (school, major, level, batch, head teacher, how many students)
 * and its roster (the student list of the class, filtered in place by keyword). Those who keep the
 * classes change it (修改), place students in it (分班: picked, or by a roll filter after a
 * confirmation with the counts) and take students out (one, or the ones selected).
 */
import { App, Button, Descriptions, type DescriptionsProps, Empty, Popconfirm, Space, Typography } from 'antd'
import { type ReactElement, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { classesApi, type SchoolClass } from '../../api/classes'
import { type StudentRoll, studentsApi } from '../../api/students'
import { AddButton } from '../../components/AddButton'
import { DetailFrame } from '../../components/DetailFrame'
import { lazyDialog } from '../../components/LazyDialog'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { MaskedPhone } from '../../components/MaskedPhone'
import { PageContainer } from '../../components/PageContainer'
import { enumColumn, STUDENT_STATUS_ENUM } from '../../components/status'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useRemote } from '../../hooks/useRemote'
import { useTableReload } from '../../hooks/useTableReload'
import { useAccess } from '../../session/access'
import { batchLabel } from '../students/roll'

const ClassForm = lazyDialog(() => import('./ClassForm').then((m) => m.ClassForm))
const AssignDialog = lazyDialog(() => import('./AssignDialog').then((m) => m.AssignDialog))
const ImportToClass = lazyDialog(() => import('./ImportToClass').then((m) => m.ImportToClass))

function summary(c: SchoolClass): DescriptionsProps['items'] {
  return [
    { key: 'school', label: '院校', children: c.school },
    { key: 'major', label: '专业', children: c.major },
    { key: 'level', label: '层次', children: c.level },
    { key: 'batch', label: '批次', children: batchLabel(c.batchYear, c.batch) },
    {
      key: 'headTeacher',
      label: '班主任',
      children: c.headTeacherName ?? <Typography.Text type='secondary'>未指定</Typography.Text>,
    },
    { key: 'students', label: '学员', children: `${c.studentCount}人` },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(c.createdAt) },
  ]
}

/** 移出班级 for one student or the selected ones: asks first, then says how many left. */
function RemoveStudents({
  klass,
  students,
  onRemoved,
  children,
}: {
  klass: SchoolClass
  students: Array<Pick<StudentRoll, 'id' | 'name'>>
  onRemoved: () => void
  children: ReactElement
}) {
  const { message } = App.useApp()
  const who = students.length === 1 ? `「${students[0]!.name}」` : `选中的 ${students.length} 名学员`
  return (
    <Popconfirm
      title={`把${who}移出「${klass.name}」？`}
      description='移出后学员不在任何班级（班级记录保留），可以再分到其他班级。'
      okText='移出'
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        classesApi
          .removeStudents(
            klass.id,
            students.map((s) => s.id),
          )
          .then(
            ({ removed }) => {
              void message.success(`已移出 ${removed} 名学员`)
              onRemoved()
            },
            () => undefined,
          )
      }
    >
      {children}
    </Popconfirm>
  )
}

function Roster({
  klass,
  canEdit,
  onChanged,
  list: { actionRef, reload },
}: {
  klass: SchoolClass
  canEdit: boolean
  onChanged: () => void
  /** The roster's hold, the page's: 分班 reloads it too. */
  list: ReturnType<typeof useTableReload>
}) {
  const [selected, setSelected] = useState<number[]>([])
  const changed = () => {
    setSelected([])
    reload()
    onChanged()
  }
  const columns: ListColumn<StudentRoll>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '姓名、完整手机号或学号' } },
    {
      title: '姓名',
      dataIndex: 'name',
      search: false,
      width: 110,
      render: (_, s) => <Link to={`/students/${s.id}`}>{s.name}</Link>,
    },
    {
      title: '手机号',
      dataIndex: 'phone',
      search: false,
      width: 130,
      render: (_, s) => <MaskedPhone phone={s.phone} kind='student' id={s.id} />,
    },
    { title: '学号', dataIndex: 'studentNo', search: false, width: 110 },
    { title: '学校', dataIndex: 'school', search: false, ellipsis: true },
    { title: '专业', dataIndex: 'major', search: false, ellipsis: true },
    { title: '批次', dataIndex: 'batch', search: false, width: 95, render: (_, s) => batchLabel(s.batchYear, s.batch) },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 80, ...enumColumn(STUDENT_STATUS_ENUM) },
    {
      title: '操作',
      valueType: 'option',
      width: 80,
      fixed: 'right',
      hideInTable: !canEdit,
      render: (_, s) => [
        <RemoveStudents key='remove' klass={klass} students={[s]} onRemoved={changed}>
          <Typography.Link type='danger'>移出</Typography.Link>
        </RemoveStudents>,
      ],
    },
  ]
  return (
    <ListTable<StudentRoll>
      local
      actionRef={actionRef}
      headerTitle='班级学员'
      fixed={{ classId: String(klass.id) }}
      columns={columns}
      fetch={(state) => studentsApi.list(toServerQuery(state))}
      scroll={{ x: 900 }}
      emptyText={<Empty description={canEdit ? '班级还没有学员，点「分班」把学员分进来' : '班级还没有学员'} />}
      rowSelection={
        canEdit
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(Number)),
              getCheckboxProps: (s) => ({ name: `select-${s.id}`, 'aria-label': `选择学员 ${s.name}` }),
            }
          : undefined
      }
      tableAlertRender={({ selectedRowKeys }) => `已选 ${selectedRowKeys.length} 名学员`}
      tableAlertOptionRender={({ selectedRows, onCleanSelected }) => (
        <Space>
          <RemoveStudents klass={klass} students={selectedRows} onRemoved={changed}>
            <Button size='small' danger>
              移出班级
            </Button>
          </RemoveStudents>
          <Button size='small' onClick={onCleanSelected}>
            取消选择
          </Button>
        </Space>
      )}
    />
  )
}

export default function ClassDetail() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { canEditClasses } = useAccess()
  const classId = Number(id)
  const valid = Number.isInteger(classId) && classId > 0
  const {
    data: klass,
    error,
    reload,
  } = useRemote(() => (valid ? classesApi.details(classId) : Promise.reject(new Error('班级不存在'))), [classId, valid])
  const roster = useTableReload()
  const back = () => navigate('/classes')

  if (!klass) {
    return (
      <DetailFrame
        title='班级详情'
        onBack={back}
        list={{ to: '/classes', label: '返回班级列表' }}
        error={error}
        onRetry={valid ? reload : undefined}
      />
    )
  }
  return (
    <PageContainer
      title={`班级：${klass.name}`}
      onBack={back}
      extra={
        canEditClasses ? (
          <Space wrap>
            <ClassForm klass={klass} onSaved={reload} trigger={<Button>修改</Button>} />
            <ImportToClass
              klass={klass}
              onImported={() => {
                reload()
                roster.reload()
              }}
              trigger={<Button>导入分班</Button>}
            />
            <AssignDialog
              klass={klass}
              onAssigned={() => {
                reload()
                roster.reload()
              }}
              trigger={<AddButton>分班</AddButton>}
            />
          </Space>
        ) : null
      }
      content={<Descriptions column={4} size='small' items={summary(klass)} data-testid='class-summary' />}
    >
      <Roster klass={klass} canEdit={canEditClasses} onChanged={reload} list={roster} />
    </PageContainer>
  )
}
