/**
 * 班级: the office's classes, newest batch first, filtered in the address by name or major,
 * school, batch and head teacher; each with its head teacher and how many students it holds now.
 * A row opens the class (its roster, 分班); 新增班级, 修改 and 删除 (a class without students) for
 * those who keep the classes.
 */
import { Empty, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { classesApi, type SchoolClass } from '../../api/classes'
import { AddButton } from '../../components/AddButton'
import { lazyDialog } from '../../components/LazyDialog'
import { listPreload, ListTable, type ListColumn } from '../../components/ListTable'
import { PageContainer } from '../../components/PageContainer'
import { RemoveAction } from '../../components/RemoveAction'
import { type ListState, toServerQuery } from '../../hooks/list-state'
import { useTableReload } from '../../hooks/useTableReload'
import { useAccess } from '../../session/access'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS, batchLabel } from '../students/roll'
import { headTeacherOptions } from './head-teachers'

// The dialog (its fields and the operators' list) loads when first clicked, not with the list.
const ClassForm = lazyDialog(() => import('./ClassForm').then((m) => m.ClassForm))

/** Filter options hold text: the address gives the filters back as text. */
const asText = (options: Array<{ value: number; label: string }>) => options.map((o) => ({ value: String(o.value), label: o.label }))

function fetchPage(state: ListState) {
  return classesApi.list(toServerQuery(state))
}

export const preload = listPreload(fetchPage)

export default function ClassList() {
  const { canEditClasses } = useAccess()
  const { actionRef, reload } = useTableReload()

  const columns: ListColumn<SchoolClass>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '班级名称或专业' } },
    {
      title: '班级',
      dataIndex: 'name',
      search: false,
      ellipsis: true,
      render: (_, c) => <Link to={`/classes/${c.id}`}>{c.name}</Link>,
    },
    { title: '院校', dataIndex: 'school', ellipsis: true, width: 140, fieldProps: { placeholder: '院校名称' } },
    { title: '专业（层次）', dataIndex: 'major', search: false, ellipsis: true, width: 150, render: (_, c) => `${c.major}（${c.level}）` },
    { title: '批次', dataIndex: 'batchLabel', search: false, width: 95, render: (_, c) => batchLabel(c.batchYear, c.batch) },
    {
      title: '批次年份',
      dataIndex: 'batchYear',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: asText(BATCH_YEAR_OPTIONS) },
    },
    { title: '批次', dataIndex: 'batch', hideInTable: true, valueType: 'select', fieldProps: { options: asText(BATCH_OPTIONS) } },
    {
      title: '班主任',
      dataIndex: 'headTeacherId',
      valueType: 'select',
      width: 100,
      fieldProps: { showSearch: true, placeholder: '全部班主任' },
      // Asked once; a position that may not read the operators filters by the address alone.
      request: async () => (await headTeacherOptions()).map((o) => ({ value: String(o.value), label: o.label })),
      render: (_, c) => c.headTeacherName ?? <Typography.Text type='secondary'>未指定</Typography.Text>,
    },
    { title: '学员', dataIndex: 'studentCount', search: false, width: 70, align: 'right', render: (_, c) => `${c.studentCount}人` },
    {
      title: '操作',
      valueType: 'option',
      width: canEditClasses ? 150 : 70,
      fixed: 'right',
      render: (_, c) => [
        <Link key='open' to={`/classes/${c.id}`}>
          查看
        </Link>,
        ...(canEditClasses
          ? [
              <ClassForm key='edit' klass={c} onSaved={reload} trigger={<Typography.Link>修改</Typography.Link>} />,
              <RemoveAction
                key='remove'
                title={`删除班级「${c.name}」？`}
                description='还有学员的班级不能删除，请先把学员移出或分到其他班级。'
                remove={() => classesApi.remove(c.id)}
                onRemoved={reload}
              />,
            ]
          : []),
      ],
    },
  ]

  return (
    <PageContainer title='班级' subTitle={canEditClasses ? undefined : '只读'}>
      <ListTable<SchoolClass>
        actionRef={actionRef}
        headerTitle='班级列表'
        columns={columns}
        fetch={fetchPage}
        scroll={{ x: 1000 }}
        search={{ span: 6 }}
        emptyText={<Empty description='没有符合条件的班级' />}
        toolBarRender={() => (canEditClasses ? [<ClassForm key='add' onSaved={reload} trigger={<AddButton>新增班级</AddButton>} />] : [])}
      />
    </PageContainer>
  )
}
