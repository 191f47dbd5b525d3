/**
 * 课程列表 (every role reads, 管理员 keeps it): courses filtered in the address by keyword,
 * category, type and status, with their students and how many finished; 上架 / 下架 and 删除
 * for 管理员, who also creates courses here. A course's content, live sessions, students and
 * details open on its page.
 */
import { PageContainer } from '../../components/PageContainer'
import { Empty, Image, Space, Typography } from 'antd'
import { useMemo } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { categoriesApi, type CourseItem, coursesApi } from '../../api/courses'
import { PRODUCT_STATUS_ENUM, PRODUCT_TYPE_ENUM, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDate } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { ListingAction, RemoveCourse } from './CourseActions'
import { priceText } from './course-form'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

export default function CourseList() {
  const { canManageCourses } = useAccess()
  const navigate = useNavigate()
  const { actionRef, reload } = useTableReload()
  const categories = useRemote(() => categoriesApi.tree(), [])
  // The filter holds text: the address gives it back as text.
  const categoryOptions = useMemo(
    () =>
      (categories.data ?? []).map((p) => ({
        label: p.name,
        title: p.name,
        options: p.children.map((c) => ({ value: String(c.id), label: c.name })),
      })),
    [categories.data],
  )

  const columns: ListColumn<CourseItem>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '课程名称或讲师' } },
    {
      title: '课程',
      dataIndex: 'title',
      search: false,
      render: (_, c) => (
        <Space>
          {c.cover ? (
            <Image src={c.cover} alt={`${c.title}的封面`} width={64} height={36} preview={false} className='console-thumb' />
          ) : (
            <div className='course-cover-empty' aria-hidden='true' />
          )}
          <span>
            <Link to={`/courses/${c.id}`}>{c.title}</Link>
            <Typography.Text type='secondary' className='console-sub'>
              {c.teacher ? `讲师：${c.teacher}` : '未填讲师'}
            </Typography.Text>
          </span>
        </Space>
      ),
    },
    {
      title: '分类',
      dataIndex: 'categoryId',
      valueType: 'select',
      width: 120,
      fieldProps: { options: categoryOptions, showSearch: true, optionFilterProp: 'label', placeholder: '全部分类' },
      render: (_, c) => c.categoryName,
    },
    { title: '类型', dataIndex: 'type', valueType: 'select', width: 90, ...enumColumn(PRODUCT_TYPE_ENUM) },
    { title: '价格', dataIndex: 'price', search: false, width: 90, align: 'right', render: (_, c) => priceText(c.price) },
    { title: '节数', dataIndex: 'sectionCount', search: false, width: 64, align: 'right' },
    {
      title: '学员数',
      dataIndex: 'studentCount',
      search: false,
      width: 70,
      align: 'right',
      render: (_, c) => <Link to={`/courses/${c.id}/students`}>{c.studentCount}</Link>,
    },
    { title: '完成数', dataIndex: 'finishedCount', search: false, width: 70, align: 'right' },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 80, ...enumColumn(PRODUCT_STATUS_ENUM) },
    { title: '创建日期', dataIndex: 'createdAt', search: false, width: 104, render: (_, c) => formatDate(c.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: canManageCourses ? 140 : 70,
      fixed: 'right',
      render: (_, c) => [
        <Link key='open' to={`/courses/${c.id}`}>
          {canManageCourses ? '管理' : '查看'}
        </Link>,
        ...(canManageCourses
          ? [<ListingAction key='listing' course={c} onDone={reload} />, <RemoveCourse key='remove' course={c} onRemoved={reload} />]
          : []),
      ],
    },
  ]

  return (
    <PageContainer title='课程' subTitle={canManageCourses ? undefined : '只读'}>
      <ListTable<CourseItem>
        actionRef={actionRef}
        headerTitle='课程列表'
        columns={columns}
        fetch={(state) => coursesApi.list(toServerQuery(state))}
        scroll={{ x: 1000 }}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: 6 }}
        emptyText={<Empty description='没有符合条件的课程' />}
        toolBarRender={() =>
          canManageCourses
            ? [
                <AddButton key='add' onClick={() => navigate('/courses/new')}>
                  新建课程
                </AddButton>,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
