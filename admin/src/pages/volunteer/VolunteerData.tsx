/**
 * 志愿数据: admission results and score lines imported from .xlsx (listed, filtered; imported and
 * removed by who holds the right, access.ts canManageVolunteer), and a query box asking the very
 * call the public volunteer page asks (/pages/user/volunteer), with that page's checks, so the
 * office sees what a student will see.
 * The tab is part of the address: /volunteer (录取信息), /volunteer/scoreLines, /volunteer/query.
 */
import { PageContainer } from '../../components/PageContainer'
import { UploadOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Descriptions, Form, Input, Space, Table, Tag, Typography } from 'antd'
import { RemoveAction } from '../../components/RemoveAction'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { cleanVolunteerForm, validateVolunteerForm, type VolunteerErrors } from '@activity/domain'
import {
  type ExamResult,
  type ScoreLine,
  VOLUNTEER_KIND_NAMES,
  volunteerApi,
  type VolunteerAnswer,
  type VolunteerKind,
} from '../../api/volunteer'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { type ListState, toServerQuery } from '../../hooks/list-state'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'
import type { Page } from '@activity/wire'
import { useTableReload } from '../../hooks/useTableReload'
import { lazyDialog } from '../../components/LazyDialog'

const VolunteerImport = lazyDialog(() => import('./VolunteerImport').then((m) => m.VolunteerImport))

const TABS = [
  { key: 'results', label: '录取信息', path: '/volunteer' },
  { key: 'scoreLines', label: '分数线', path: '/volunteer/scoreLines' },
  { key: 'query', label: '志愿查询', path: '/volunteer/query' },
] as const

const when = formatDateTime

/**
 * One imported table (录取信息, 分数线): the year, the table's own columns, when a row was last
 * imported and 删除; 导入 in the toolbar. Who holds the right imports and removes.
 */
function ImportedTable<T extends ExamResult | ScoreLine>({
  kind,
  headerTitle,
  columns,
  fetch,
  emptyText,
  removeTitle,
  remove,
}: {
  kind: VolunteerKind
  headerTitle: string
  columns: ListColumn<T>[]
  fetch: (state: ListState) => Promise<Page<T>>
  emptyText: string
  removeTitle: (row: T) => string
  remove: (id: number) => Promise<unknown>
}) {
  const { canManageVolunteer } = useAccess()
  const { actionRef, reload } = useTableReload()
  const all: ListColumn<T>[] = [
    {
      title: '年份',
      dataIndex: 'year',
      valueType: 'digit',
      width: 90,
      fieldProps: { precision: 0, placeholder: '如 2026' },
      render: (_, r) => r.year,
    },
    ...columns,
    { title: '更新时间', dataIndex: 'updatedAt', search: false, render: (_, r) => when(r.updatedAt) },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !canManageVolunteer,
      render: (_, r) => [<RemoveAction key='remove' title={removeTitle(r)} remove={() => remove(r.id)} onRemoved={reload} />],
    },
  ]
  return (
    <ListTable<T>
      actionRef={actionRef}
      headerTitle={headerTitle}
      columns={all}
      fetch={fetch}
      emptyText={emptyText}
      toolBarRender={() =>
        canManageVolunteer
          ? [
              <VolunteerImport
                key='import'
                kind={kind}
                onImported={reload}
                trigger={
                  <Button type='primary' icon={<UploadOutlined />}>
                    导入{VOLUNTEER_KIND_NAMES[kind]}
                  </Button>
                }
              />,
            ]
          : []
      }
    />
  )
}

function Results() {
  return (
    <ImportedTable<ExamResult>
      kind='studentExamInfo'
      headerTitle='录取信息'
      columns={[
        { title: '姓名或考生号', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '姓名，或考生号开头' } },
        { title: '姓名', dataIndex: 'name', search: false },
        { title: '考生号', dataIndex: 'examNo', search: false },
        { title: '总分', dataIndex: 'totalScore', search: false, width: 80 },
        { title: '批次', dataIndex: 'batch', width: 100 },
        { title: '科类', dataIndex: 'category', search: false, render: (_, r) => r.category ?? '-' },
        {
          title: '录取',
          dataIndex: 'school',
          search: false,
          render: (_, r) => (r.school ? `${r.school}${r.major ? ` · ${r.major}` : ''}` : <Tag>暂未录取</Tag>),
        },
      ]}
      fetch={(state) => volunteerApi.results(toServerQuery(state))}
      emptyText='没有录取信息：请导入'
      removeTitle={(r) => `删除${r.name}（${r.examNo}）的录取信息？`}
      remove={(id) => volunteerApi.removeResult(id)}
    />
  )
}

function ScoreLines() {
  return (
    <ImportedTable<ScoreLine>
      kind='scoreLine'
      headerTitle='分数线'
      columns={[
        { title: '批次', dataIndex: 'batch' },
        { title: '科类', dataIndex: 'category', search: false },
        { title: '分数线', dataIndex: 'score', search: false },
      ]}
      fetch={(state) => volunteerApi.scoreLines(toServerQuery(state))}
      emptyText='没有分数线：请导入'
      removeTitle={(r) => `删除${r.year}年${r.batch}${r.category}的分数线？`}
      remove={(id) => volunteerApi.removeScoreLine(id)}
    />
  )
}

/** The public page's answer, laid out for the desk. */
function Answer({ answer }: { answer: VolunteerAnswer }) {
  return (
    <div data-testid='volunteer-answer'>
      <Descriptions
        bordered
        size='small'
        column={3}
        title={
          <Space>
            {answer.name}
            <Typography.Text>考生号 {answer.examNo}</Typography.Text>
            {answer.admitted ? <Tag color='green'>已录取</Tag> : <Tag>暂未录取</Tag>}
          </Space>
        }
      >
        {answer.admitted ? (
          <>
            <Descriptions.Item label='院校'>{answer.school}</Descriptions.Item>
            <Descriptions.Item label='专业' span={2}>
              {answer.major}
            </Descriptions.Item>
          </>
        ) : null}
        <Descriptions.Item label='批次'>{answer.batch}</Descriptions.Item>
        <Descriptions.Item label='科类'>{answer.category ?? '-'}</Descriptions.Item>
        <Descriptions.Item label='年份'>{answer.year}</Descriptions.Item>
        <Descriptions.Item label='总分'>{answer.totalScore}</Descriptions.Item>
      </Descriptions>
      <Table
        className='console-gap-top'
        size='small'
        title={() => '批次分数线'}
        pagination={false}
        rowKey={(l) => `${l.year}-${l.batch}-${l.category}`}
        dataSource={answer.scoreLines}
        locale={{ emptyText: '没有对应的分数线' }}
        columns={[
          { title: '年份', dataIndex: 'year' },
          { title: '批次', dataIndex: 'batch' },
          { title: '科类', dataIndex: 'category' },
          { title: '分数线', dataIndex: 'score' },
          {
            title: '是否达线',
            dataIndex: 'reached',
            render: (v: boolean) => (v ? <Tag color='green'>已达线</Tag> : <Tag color='red'>未达线</Tag>),
          },
        ]}
      />
    </div>
  )
}

function Query() {
  const [values, setValues] = useState({ name: '', examNo: '' })
  const [errors, setErrors] = useState<VolunteerErrors>({})
  const [answer, setAnswer] = useState<VolunteerAnswer>()
  const { submit: send, refusal, pending: busy } = useSubmission()

  const submit = async () => {
    const found = validateVolunteerForm(values)
    setErrors(found)
    if (Object.keys(found).length > 0 || busy) return
    setAnswer(undefined)
    await send(async () => setAnswer(await volunteerApi.query(cleanVolunteerForm(values))))
  }

  return (
    <Card
      title={
        <Space>
          志愿查询
          <Typography.Text type='secondary'>与合伙人端「志愿查询」页面同一个查询，结果相同</Typography.Text>
        </Space>
      }
    >
      <Form layout='inline' onFinish={() => void submit()} className='console-gap-bottom'>
        <Form.Item label='姓名' validateStatus={errors.name ? 'error' : undefined} help={errors.name}>
          <Input
            value={values.name}
            maxLength={40}
            onChange={(e) => {
              setValues((v) => ({ ...v, name: e.target.value }))
              setErrors((x) => ({ ...x, name: undefined }))
            }}
            placeholder='考生姓名'
          />
        </Form.Item>
        <Form.Item label='考生号' validateStatus={errors.examNo ? 'error' : undefined} help={errors.examNo}>
          <Input
            value={values.examNo}
            maxLength={30}
            onChange={(e) => {
              setValues((v) => ({ ...v, examNo: e.target.value }))
              setErrors((x) => ({ ...x, examNo: undefined }))
            }}
            placeholder='10-18位数字'
            className='console-field-sm'
          />
        </Form.Item>
        <Form.Item>
          <Button type='primary' htmlType='submit' loading={busy}>
            查询
          </Button>
        </Form.Item>
      </Form>
      {refusal ? (
        <Alert
          role='alert'
          type='warning'
          showIcon
          message={refusal}
          description='学生在手机上查询会看到同样的结果；请核对姓名和考生号，或先导入录取信息。'
        />
      ) : null}
      {answer ? <Answer answer={answer} /> : null}
      {!answer && !refusal ? <Alert type='info' showIcon message='输入考生姓名和考生号，查询成人高考录取结果及批次分数线' /> : null}
    </Card>
  )
}

export default function VolunteerData() {
  const navigate = useNavigate()
  const { tab: tabKey } = useParams()
  const tab = TABS.find((t) => t.key === tabKey) ?? TABS[0]
  return (
    <PageContainer
      title='志愿数据'
      tabActiveKey={tab.key}
      tabList={TABS.map((t) => ({ key: t.key, tab: t.label }))}
      onTabChange={(key) => navigate(TABS.find((t) => t.key === key)?.path ?? '/volunteer')}
    >
      {tab.key === 'results' ? <Results /> : tab.key === 'scoreLines' ? <ScoreLines /> : <Query />}
    </PageContainer>
  )
}
