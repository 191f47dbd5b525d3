/**
 * 学员积分: every student's balance, lifetime points and level, the highest balances first, found by
 * name, number or phone; each opens its 积分记录. What an operator looks up when a student asks
 * about their points.
 */
import { PageContainer } from '../../components/PageContainer'
import { Empty } from 'antd'
import { Link } from 'react-router-dom'
import { type StudentPointsRow, pointsApi } from '../../api/points'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { TwoLineCell } from '../../components/TwoLineCell'

export default function StudentPointsList() {
  const columns: ListColumn<StudentPointsRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '学员姓名、学号或完整手机号' } },
    {
      title: '学员',
      dataIndex: 'name',
      search: false,
      width: 160,
      render: (_, r) => <TwoLineCell main={r.name} sub={r.studentNo || null} />,
    },
    { title: '手机号', dataIndex: 'phone', search: false, width: 130 },
    { title: '积分余额', dataIndex: 'balance', search: false, align: 'right', width: 110 },
    { title: '累计获得', dataIndex: 'lifetime', search: false, align: 'right', width: 110 },
    { title: '等级', dataIndex: 'level', search: false, width: 100, render: (_, r) => r.level ?? '—' },
    {
      title: '最近变动',
      dataIndex: 'updatedAt',
      search: false,
      width: 160,
      render: (_, r) => (r.updatedAt ? formatDateTime(r.updatedAt) : '—'),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 100,
      render: (_, r) => [
        <Link key='records' to={`/points/records?studentId=${r.studentId}`} aria-label={`${r.name}的积分记录`}>
          积分记录
        </Link>,
      ],
    },
  ]
  return (
    <PageContainer title='学员积分' subTitle='每位学员的积分余额、累计获得与等级'>
      <ListTable<StudentPointsRow>
        rowKey='studentId'
        headerTitle='学员积分'
        columns={columns}
        fetch={(state) => pointsApi.students(toServerQuery(state))}
        emptyText={<Empty description='没有符合条件的学员' />}
        scroll={{ x: 900 }}
      />
    </PageContainer>
  )
}
