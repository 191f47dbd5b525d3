/**
 * 毕业生: the students whose graduation audit was approved, latest first, with their certificate
 * number and graduation date, by audit (审核) and name, both in the address.
 */
import { Empty, Typography } from 'antd'
import { type GraduateRow, graduationAuditApi } from '../../api/graduation'
import { listPreload, ListTable, type ListColumn } from '../../components/ListTable'
import { PageContainer } from '../../components/PageContainer'
import { type ListState, toServerQuery } from '../../hooks/list-state'
import { batchLabel } from '../students/roll'

function fetchPage(state: ListState) {
  return graduationAuditApi.graduates(toServerQuery(state))
}

export const preload = listPreload(fetchPage)

const columns: ListColumn<GraduateRow>[] = [
  {
    title: '毕业审核',
    dataIndex: 'auditId',
    valueType: 'select',
    hideInTable: true,
    fieldProps: { placeholder: '全部审核', showSearch: true },
    request: async () =>
      (await graduationAuditApi.audits()).map((a) => ({ value: String(a.id), label: `${a.title}（${batchLabel(a.batchYear, a.batch)}）` })),
  },
  { title: '姓名', dataIndex: 'name', hideInTable: true, fieldProps: { placeholder: '学员姓名' } },
  { title: '学号', dataIndex: 'studentNo', search: false, width: 120 },
  { title: '姓名', dataIndex: 'name', key: 'studentName', search: false, width: 100 },
  { title: '院校', dataIndex: 'school', search: false, ellipsis: true },
  { title: '专业', dataIndex: 'major', search: false, ellipsis: true },
  { title: '层次', dataIndex: 'level', search: false, width: 70 },
  { title: '证书编号', dataIndex: 'certificateNo', search: false, width: 170, copyable: true },
  { title: '毕业日期', dataIndex: 'graduatedOn', search: false, width: 105 },
  { title: '毕业审核', dataIndex: 'auditTitle', search: false, ellipsis: true },
]

export default function GraduateList() {
  return (
    <PageContainer title='毕业生'>
      <ListTable<GraduateRow>
        headerTitle='毕业生'
        rowKey='studentId'
        columns={columns}
        fetch={fetchPage}
        scroll={{ x: 1000 }}
        emptyText={<Empty description='还没有毕业生' />}
      />
      <Typography.Text type='secondary' className='console-small'>
        学员的毕业审核经审批通过后自动成为毕业生，并生成证书编号。
      </Typography.Text>
    </PageContainer>
  )
}
