/**
 * 登录记录: every sign-in attempt of operators and of the app, success or failure, with its method,
 * reason, IP and device; above the list, the IPs with repeated failures in the last 24 hours (a
 * click filters the list by that IP). The server narrows an operator who is not the administrator
 * to their own records, so the screen is the same for everyone.
 */
import { PageContainer } from '../../components/PageContainer'
import { SignInKind, SignInMethod, YesNo } from '@activity/wire'
import { Alert, Button, Card, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd'
import { useSearchParams } from 'react-router-dom'
import { type FailedIp, type SignInRecord, signInRecordsApi } from '../../api/sign-in-records'
import { ExportButton } from '../../components/ExportButton'
import { LoadFailure } from '../../components/LoadFailure'
import type { ValueEnum } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { exportQuery, toServerQuery } from '../../hooks/list-state'
import { useRemote } from '../../hooks/useRemote'

const ARRAY_KEYS = ['created'] as const
const QUERY = { ranges: { created: ['dateFrom', 'dateTo'] } } as const

/** The panel's threshold: the server's default (5 failures in 24 hours). */
const WINDOW_HOURS = 24
const MIN_FAILURES = 5

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ label, value }))

const RESULT_ENUM: ValueEnum<YesNo> = {
  [YesNo.yes]: { text: '成功', status: 'Success' },
  [YesNo.no]: { text: '失败', status: 'Error' },
}

function Result({ record }: { record: SignInRecord }) {
  if (record.success) return <Tag color='success'>成功</Tag>
  return (
    <Space size={4} wrap>
      <Tag color='error'>失败</Tag>
      <Typography.Text type='danger'>{record.reasonLabel}</Typography.Text>
    </Space>
  )
}

/** The IPs with at least MIN_FAILURES failed sign-ins in the last WINDOW_HOURS hours. */
function RepeatedFailures({ onPick }: { onPick: (ip: string) => void }) {
  const remote = useRemote(() => signInRecordsApi.failedIps({ hours: WINDOW_HOURS, min: MIN_FAILURES }), [])
  const title = `重复失败的 IP（近${WINDOW_HOURS}小时失败 ≥ ${MIN_FAILURES} 次）`
  if (remote.error)
    return <LoadFailure title='重复失败的 IP 加载失败' error={remote.error} onRetry={remote.reload} className='console-gap-bottom' />
  const list = remote.data?.list ?? []
  const columns: TableColumnsType<FailedIp> = [
    {
      title: 'IP',
      dataIndex: 'ip',
      width: 200,
      render: (_, r) => (
        <Tooltip title='只看这个 IP 的登录记录'>
          <Button type='link' size='small' className='console-flush' onClick={() => onPick(r.ip)} data-testid='failed-ip'>
            {r.ip}
          </Button>
        </Tooltip>
      ),
    },
    { title: '失败次数', dataIndex: 'failures', width: 100, render: (_, r) => <Tag color='error'>{r.failures} 次</Tag> },
    {
      title: '尝试的账号/手机号',
      dataIndex: 'identifiers',
      render: (_, r) => (
        <Space size={4} wrap>
          {r.identifiers.map((i) => (
            <Tag key={i}>{i}</Tag>
          ))}
          {r.identifierCount > r.identifiers.length ? <Typography.Text type='secondary'>等 {r.identifierCount} 个</Typography.Text> : null}
          {r.identifiers.length === 0 ? <Typography.Text type='secondary'>-</Typography.Text> : null}
        </Space>
      ),
    },
    { title: '最近一次', dataIndex: 'lastAt', width: 160, render: (_, r) => formatDateTime(r.lastAt) },
  ]
  return (
    <Card
      title={title}
      variant='borderless'
      className='console-gap-bottom'
      loading={remote.loading && !remote.data}
      extra={
        <Button size='small' onClick={remote.reload}>
          刷新
        </Button>
      }
      data-testid='failed-ips'
    >
      {list.length === 0 ? (
        <Alert type='success' showIcon message={`近${WINDOW_HOURS}小时没有 IP 登录失败 ${MIN_FAILURES} 次及以上`} />
      ) : (
        <>
          <Alert
            type='warning'
            showIcon
            className='console-gap-bottom-sm'
            message={`${list.length} 个 IP 近${WINDOW_HOURS}小时登录失败 ${MIN_FAILURES} 次及以上，可能在猜测密码`}
          />
          {/* A plain table: the card around it holds the title and 刷新. */}
          <Table<FailedIp> rowKey='ip' columns={columns} dataSource={list} pagination={false} size='small' />
        </>
      )}
    </Card>
  )
}

export default function SignInRecords() {
  const [, setSearchParams] = useSearchParams()

  const columns: ListColumn<SignInRecord>[] = [
    { title: '时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    {
      title: '类型',
      dataIndex: 'kind',
      valueType: 'select',
      width: 80,
      fieldProps: { allowClear: true, options: options(SignInKind) },
      render: (_, r) => <Tag color={r.kind === 'operator' ? 'blue' : 'cyan'}>{r.kindLabel}</Tag>,
    },
    {
      title: '账号/手机号',
      dataIndex: 'identifier',
      width: 170,
      render: (_, r) => (
        <span>
          {r.identifier ?? <Typography.Text type='secondary'>（授权登录）</Typography.Text>}
          {r.name ? <Typography.Text type='secondary'>（{r.name}）</Typography.Text> : null}
        </span>
      ),
    },
    {
      title: '登录方式',
      dataIndex: 'method',
      valueType: 'select',
      width: 110,
      fieldProps: { allowClear: true, options: options(SignInMethod) },
      render: (_, r) => r.methodLabel,
    },
    {
      title: '结果',
      dataIndex: 'success',
      valueType: 'select',
      valueEnum: RESULT_ENUM,
      width: 190,
      render: (_, r) => <Result record={r} />,
    },
    { title: 'IP', dataIndex: 'ip', width: 140 },
    {
      title: '设备（User-Agent）',
      dataIndex: 'userAgent',
      search: false,
      ellipsis: true,
      render: (_, r) => r.userAgent || '-',
    },
    { title: '日期', dataIndex: 'created', valueType: 'dateRange', hideInTable: true },
  ]

  return (
    <PageContainer
      title='登录记录'
      content='操作员后台和 APP 的每一次登录（成功或失败）都记录在这里，保留一段时间后自动清理。管理员可查看所有人的记录，其他操作员只能看到自己的。'
    >
      <RepeatedFailures onPick={(ip) => setSearchParams(new URLSearchParams({ ip }))} />
      <div data-testid='sign-in-records'>
        <ListTable<SignInRecord>
          headerTitle='登录记录'
          columns={columns}
          arrayKeys={ARRAY_KEYS}
          emptyText='没有符合条件的登录记录'
          scroll={{ x: 1000 }}
          fetch={(s) => signInRecordsApi.list(toServerQuery(s, QUERY))}
          toolBarRender={(state) => [
            // EXPORT
            <ExportButton key='export' path={signInRecordsApi.exportPath} query={exportQuery(state, QUERY)} testId='sign-in-records-export'>
              导出
            </ExportButton>,
          ]}
        />
      </div>
    </PageContainer>
  )
}
