/**
 * APP 版本: the app builds per platform, newest first; the one the apps are offered now (the public
 * `latest` answer for its platform) is marked 当前最新. A future release time schedules it. Whoever
 * may open it reads; who holds the right (access.ts canManageAppVersions) adds, changes and deletes.
 */
import { DateTimeField, NumberField, SelectField, SwitchField, TextAreaField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { APP_PLATFORMS, type AppPlatform } from '@activity/wire'
import { Space, Tag, Typography } from 'antd'
import { RemoveAction } from '../../components/RemoveAction'
import dayjs from 'dayjs'
import { formatDateTime, officeTime } from '../../format'
import { type ReactElement, useRef } from 'react'
import { type AppVersion, appVersionsApi } from '../../api/app-versions'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { ListTable, type ListColumn, type ListAction } from '../../components/ListTable'
import { toServerQuery } from '../../hooks/list-state'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { saveRecord } from '../../components/record-form'
import { AddButton } from '../../components/AddButton'

const PLATFORM_LABEL: Record<AppPlatform, string> = { android: 'Android', ios: 'iOS' }
const VERSION = /^\d{1,4}(\.\d{1,4}){1,3}$/

interface VersionValues {
  platform: AppPlatform
  version: string
  buildNumber: number
  downloadUrl: string
  releaseNotes: string
  forceUpdate: boolean
  releasedAt?: string
}

function VersionForm({ version, trigger, onSaved }: { version?: AppVersion; trigger: ReactElement; onSaved: () => void }) {
  return (
    <SubmitModalForm<VersionValues>
      title={version ? `修改版本 ${version.version}` : '新增版本'}
      trigger={trigger}
      width={600}
      initialValues={
        version
          ? { ...version, releasedAt: officeTime(version.releasedAt).format('YYYY-MM-DD HH:mm:ss') }
          : { platform: 'android', forceUpdate: false }
      }
      onSubmit={(values) => {
        const input = {
          platform: values.platform,
          version: values.version.trim(),
          buildNumber: values.buildNumber,
          downloadUrl: values.downloadUrl.trim(),
          releaseNotes: values.releaseNotes.trim(),
          forceUpdate: values.forceUpdate ? ('是' as const) : ('否' as const),
          releasedAt: values.releasedAt ?? '',
        }
        return saveRecord(version, input, appVersionsApi.create, appVersionsApi.update)
      }}
      success={version ? '版本已修改' : '版本已新增'}
      onDone={onSaved}
    >
      <SelectField
        name='platform'
        label='平台'
        width='sm'
        options={APP_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABEL[p] }))}
        rules={[{ required: true, message: '请选择平台' }]}
      />
      <Space size='large'>
        <TextField
          name='version'
          label='版本号'
          width='sm'
          placeholder='如 1.4.2'
          rules={[
            { required: true, message: '请填写版本号' },
            { pattern: VERSION, message: '版本号格式不正确，例如 1.4.2' },
          ]}
        />
        <NumberField
          name='buildNumber'
          label='构建号'
          width='sm'
          min={1}
          max={2_000_000_000}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写构建号' }]}
        />
      </Space>
      <TextField
        name='downloadUrl'
        label='下载地址'
        placeholder='https://'
        rules={[
          { required: true, message: '请填写下载地址' },
          { pattern: /^https?:\/\/[^\s"'<>\\]+$/i, message: '下载地址须以 http:// 或 https:// 开头' },
          { max: 2048, message: '下载地址不能超过2048个字符' },
        ]}
      />
      <TextAreaField
        name='releaseNotes'
        label='更新说明'
        fieldProps={{ rows: 4, maxLength: 2000, showCount: true }}
        rules={[{ required: true, whitespace: true, message: '请填写更新说明' }]}
      />
      <Space size='large'>
        <SwitchField name='forceUpdate' label='强制更新' />
        <DateTimeField
          name='releasedAt'
          label='发布时间'
          width='md'
          extra='不填为立即发布；填将来的时间则到时发布'
          fieldProps={{ format: 'YYYY-MM-DD HH:mm:ss' }}
        />
      </Space>
    </SubmitModalForm>
  )
}

export default function AppVersionList() {
  const { canManageAppVersions } = useAccess()
  const actionRef = useRef<ListAction>(undefined)
  // What the apps are offered now: the public answer, per platform.
  const latest = useRemote(
    () => Promise.all(APP_PLATFORMS.map((p) => appVersionsApi.latest(p))).then((rows) => rows.flatMap((r) => (r ? [r.id] : []))),
    [],
  )
  const reload = () => {
    void actionRef.current?.reload()
    latest.reload()
  }
  const latestIds = new Set(latest.data ?? [])

  const columns: ListColumn<AppVersion>[] = [
    {
      title: '平台',
      dataIndex: 'platform',
      valueType: 'select',
      valueEnum: Object.fromEntries(APP_PLATFORMS.map((p) => [p, { text: PLATFORM_LABEL[p] }])),
      width: 100,
    },
    {
      title: '版本号',
      dataIndex: 'version',
      search: false,
      render: (_, v) => (
        <Space>
          <Typography.Text strong>{v.version}</Typography.Text>
          {latestIds.has(v.id) ? (
            <Tag color='green' data-testid='latest-tag'>
              当前最新
            </Tag>
          ) : null}
          {dayjs(v.releasedAt).isAfter(dayjs()) ? <Tag color='blue'>定时发布</Tag> : null}
        </Space>
      ),
    },
    { title: '构建号', dataIndex: 'buildNumber', search: false, width: 100 },
    {
      title: '强制更新',
      dataIndex: 'forceUpdate',
      search: false,
      width: 90,
      render: (_, v) => (v.forceUpdate ? <Tag color='red'>是</Tag> : '否'),
    },
    {
      title: '发布时间',
      dataIndex: 'releasedAt',
      search: false,
      width: 170,
      render: (_, v) => formatDateTime(v.releasedAt),
    },
    { title: '更新说明', dataIndex: 'releaseNotes', search: false, ellipsis: true },
    {
      title: '下载地址',
      dataIndex: 'downloadUrl',
      search: false,
      ellipsis: true,
      render: (_, v) => (
        <a href={v.downloadUrl} target='_blank' rel='noreferrer noopener'>
          {v.downloadUrl}
        </a>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      hideInTable: !canManageAppVersions,
      render: (_, v) => [
        <VersionForm key='edit' version={v} onSaved={reload} trigger={<a>修改</a>} />,
        <RemoveAction
          key='remove'
          title={`删除 ${PLATFORM_LABEL[v.platform]} ${v.version}？`}
          description={latestIds.has(v.id) ? '这是当前最新版本，删除后应用将收到上一个已发布的版本。' : undefined}
          remove={() => appVersionsApi.remove(v.id)}
          onRemoved={reload}
          done='版本已删除'
        />,
      ],
    },
  ]

  return (
    <PageContainer title='APP 版本'>
      <ListTable<AppVersion>
        actionRef={actionRef}
        headerTitle='版本列表'
        columns={columns}
        fetch={(state) => appVersionsApi.list(toServerQuery(state))}
        emptyText='还没有版本'
        toolBarRender={() =>
          canManageAppVersions ? [<VersionForm key='add' onSaved={reload} trigger={<AddButton>新增版本</AddButton>} />] : []
        }
      />
    </PageContainer>
  )
}
