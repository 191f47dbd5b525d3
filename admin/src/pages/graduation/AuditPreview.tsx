/**
 * 毕业预览 (AuditDetail's first tab): the audit's students page by page, each with their checklist
 * (a tag per condition, green when met and red when not, what was found in its tooltip) and state,
 * filtered in the address by 状态, 未满足条件 and 姓名. Who holds 毕业 · 编辑 picks students and
 * 提交审核 (the server submits who meets every condition and says why it left the others) or
 * 标记条件 (a manual condition met or not); 毕业 · 导出 exports the list as it is filtered.
 */
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons'
import { App, Button, Empty, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd'
import { useState } from 'react'
import {
  type ChecklistItem,
  type GraduationAuditRow,
  type GraduationPreview,
  graduationAuditApi,
  type PreviewRow,
} from '../../api/graduation'
import { ExportButton } from '../../components/ExportButton'
import { lazyDialog } from '../../components/LazyDialog'
import { type ListColumn, ListTable } from '../../components/ListTable'
import { EnumTag } from '../../components/status'
import { exportQuery, type ListState, toServerQuery } from '../../hooks/list-state'
import { useTableReload } from '../../hooks/useTableReload'
import { useAccess } from '../../session/access'
import { blockedByOptions, checkTags, GRADUATION_STATE_LOOKS, markableConditions, selectable, submitSummary } from './audit'

const MarkForm = lazyDialog(() => import('./AuditForms').then((m) => m.MarkForm))

export function fetchPreview(state: ListState, auditId: number): Promise<GraduationPreview> {
  return graduationAuditApi.preview({ ...toServerQuery(state), auditId })
}

/** A student's conditions as tags; each says met or not by its icon as well as its colour. */
function Checklist({ items }: { items: readonly ChecklistItem[] }) {
  return (
    <Space size={[4, 4]} wrap>
      {checkTags(items).map((t) => (
        <Tooltip key={t.key} title={t.tip}>
          <Tag
            color={t.color}
            icon={t.met ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
            role='img'
            aria-label={t.label}
            tabIndex={0}
          >
            {t.text}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  )
}

export function PreviewTab({ audit, onChanged }: { audit: GraduationAuditRow; onChanged: () => void }) {
  const { canEditGraduation, canExportGraduation } = useAccess()
  const { modal } = App.useApp()
  const { actionRef, reload } = useTableReload()
  const [selected, setSelected] = useState<number[]>([])
  const changed = () => {
    setSelected([])
    reload()
    onChanged()
  }

  const submit = (rows: readonly PreviewRow[]) =>
    graduationAuditApi.submit({ auditId: audit.id, studentIds: rows.map((r) => r.studentId) }).then(
      (result) => {
        const summary = submitSummary(result)
        const content = summary.skipped.length ? (
          <ul className='console-gap-top'>
            {summary.skipped.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null
        if (summary.type === 'success') modal.success({ title: summary.title, content })
        else modal.warning({ title: summary.title, content })
        changed()
      },
      // The client has shown the server's refusal.
      () => undefined,
    )

  const columns: ListColumn<PreviewRow>[] = [
    { title: '姓名', dataIndex: 'name', hideInTable: true, fieldProps: { placeholder: '学员姓名' } },
    {
      title: '学员',
      dataIndex: 'student',
      search: false,
      width: 130,
      render: (_, s) => (
        <>
          {s.name}
          <Typography.Text type='secondary' className='console-sub'>
            {s.studentNo ? `学号 ${s.studentNo}` : '无学号'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '院校 / 专业',
      dataIndex: 'school',
      search: false,
      width: 200,
      render: (_, s) => (
        <>
          {s.school}
          <Typography.Text type='secondary' className='console-sub'>
            {[s.major, s.level, s.programme].filter(Boolean).join(' · ')}
          </Typography.Text>
        </>
      ),
    },
    { title: '毕业条件', dataIndex: 'checklist', search: false, render: (_, s) => <Checklist items={s.checklist} /> },
    {
      title: '未满足条件',
      dataIndex: 'blockedBy',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { options: blockedByOptions(audit) },
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      width: 110,
      valueEnum: GRADUATION_STATE_LOOKS,
      render: (_, s) => (
        <>
          <EnumTag valueEnum={GRADUATION_STATE_LOOKS} value={s.state} />
          {s.graduate ? (
            <Typography.Text type='secondary' className='console-sub'>
              {s.graduate.certificateNo}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
  ]

  return (
    <>
      <ListTable<PreviewRow>
        actionRef={actionRef}
        headerTitle='毕业预览'
        rowKey='studentId'
        columns={columns}
        fetch={(state) => fetchPreview(state, audit.id)}
        scroll={{ x: 1000 }}
        emptyText={<Empty description='没有符合条件的学员' />}
        toolBarRender={(state) =>
          canExportGraduation
            ? [
                <ExportButton
                  key='export'
                  path={graduationAuditApi.exportPath}
                  query={{ ...exportQuery(state), auditId: audit.id }}
                  fallbackName={`${audit.title}-毕业预览.xlsx`}
                  testId='graduation-preview-export'
                >
                  导出
                </ExportButton>,
              ]
            : []
        }
        rowSelection={
          canEditGraduation
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (s) => ({ disabled: !selectable(s), name: `select-${s.studentId}`, 'aria-label': `选择学员 ${s.name}` }),
              }
            : undefined
        }
        tableAlertRender={({ selectedRowKeys }) => `已选 ${selectedRowKeys.length} 名学员`}
        tableAlertOptionRender={({ selectedRows, onCleanSelected }) => (
          <Space>
            <Popconfirm
              title={`提交选中的 ${selectedRows.length} 名学员审核？`}
              description='条件全部满足的学员进入审批（班主任，然后教务处）；其他学员不提交，并说明原因。'
              okText='提交'
              onConfirm={() => submit(selectedRows)}
            >
              <Button size='small' type='primary'>
                提交审核
              </Button>
            </Popconfirm>
            {audit.conditions.length ? (
              <MarkForm
                conditions={markableConditions(audit.conditions, selectedRows)}
                studentIds={selectedRows.map((r) => r.studentId)}
                onMarked={changed}
                trigger={<Button size='small'>标记条件</Button>}
              />
            ) : null}
            <Button size='small' onClick={onCleanSelected}>
              取消选择
            </Button>
          </Space>
        )}
      />
      <Typography.Text type='secondary' className='console-small'>
        把鼠标移到条件上可查看详情。条件全部满足的学员可提交审核，审批通过后生成毕业生信息和证书编号。
      </Typography.Text>
    </>
  )
}
