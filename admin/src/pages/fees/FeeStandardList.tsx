/**
 * 收费标准 (财务/管理员 write, every role reads): what a school, major and level (a batch, or
 * every batch) pay for a kind of fee in an academic year; 批量开单 raises the standard's order
 * for every student it covers who has none yet (a second run makes none twice).
 */
import { NumberField, SelectField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { FEE_KINDS, STUDENT_LEVELS } from '@activity/wire'
import { App, Popconfirm, Typography } from 'antd'
import { type ReactElement } from 'react'
import { formatYuan, parseYuan } from '@activity/money'
import { type FeeStandard, feesApi } from '../../api/fees'
import { RemoveAction } from '../../components/RemoveAction'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { enumColumn, valueEnum } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { YuanField } from '../../components/YuanField'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { FeeKindYearFields } from './FeeFields'
import { academicYears, batchLabel } from './fee-logic'
import { recordTexts, saveRecord } from '../../components/record-form'
import { AddButton } from '../../components/AddButton'
import { useTableReload } from '../../hooks/useTableReload'

const FEE_KIND_ENUM = valueEnum(FEE_KINDS)

interface StandardValues {
  school: string
  major: string
  level: string
  batchYear?: number
  batch?: number
  feeKind: string
  academicYear: string
  name: string
  amount: string
}

function StandardForm({ standard, trigger, onSaved }: { standard?: FeeStandard; trigger: ReactElement; onSaved: () => void }) {
  return (
    <SubmitModalForm<StandardValues>
      {...recordTexts('收费标准', standard)}
      trigger={trigger}
      width={560}
      initialValues={
        standard
          ? {
              ...standard,
              batchYear: standard.batchYear ?? undefined,
              batch: standard.batch ?? undefined,
              amount: formatYuan(standard.amount, { symbol: false, grouping: false }),
            }
          : { academicYear: academicYears()[1] }
      }
      onSubmit={(v) => {
        const input = {
          school: v.school.trim(),
          major: v.major.trim(),
          level: v.level as FeeStandard['level'],
          batchYear: v.batchYear ?? undefined,
          batch: v.batch ?? undefined,
          feeKind: v.feeKind as FeeStandard['feeKind'],
          academicYear: v.academicYear,
          name: v.name.trim(),
          amount: parseYuan(v.amount) ?? 0,
        }
        return saveRecord(standard, input, feesApi.createStandard, feesApi.updateStandard)
      }}
      onDone={onSaved}
    >
      <TextField name='school' label='院校' width='md' rules={[{ required: true, whitespace: true, message: '请填写院校' }, { max: 60 }]} />
      <TextField name='major' label='专业' width='md' rules={[{ required: true, whitespace: true, message: '请填写专业' }, { max: 60 }]} />
      <SelectField name='level' label='层次' width='sm' options={[...STUDENT_LEVELS]} rules={[{ required: true, message: '请选择层次' }]} />
      <NumberField
        name='batchYear'
        label='批次年份'
        width='sm'
        min={2015}
        max={2030}
        fieldProps={{ precision: 0 }}
        extra='不填则适用所有批次'
      />
      <NumberField
        name='batch'
        label='批次'
        width='sm'
        min={1}
        max={20}
        fieldProps={{ precision: 0, addonAfter: '期' }}
        extra='不填则适用该年所有批次'
      />
      <FeeKindYearFields />
      <TextField
        name='name'
        label='收费名称'
        width='md'
        placeholder='如 2026-2027学年学费'
        rules={[{ required: true, whitespace: true, message: '请填写收费名称' }, { max: 60 }]}
      />
      <YuanField name='amount' label='金额' min={1} />
    </SubmitModalForm>
  )
}

export default function FeeStandardList() {
  const { message } = App.useApp()
  const { canManageFees } = useAccess()
  const { actionRef, reload } = useTableReload()

  const columns: ListColumn<FeeStandard>[] = [
    { title: '收费名称', dataIndex: 'name', search: false },
    { title: '院校', dataIndex: 'school' },
    { title: '专业', dataIndex: 'major', search: false },
    { title: '层次', dataIndex: 'level', search: false },
    { title: '批次', dataIndex: 'batch', search: false, render: (_, s) => batchLabel(s) },
    { title: '费用类型', dataIndex: 'feeKind', valueType: 'select', ...enumColumn(FEE_KIND_ENUM) },
    { title: '学年', dataIndex: 'academicYear', valueType: 'select', fieldProps: { options: academicYears() } },
    { title: '金额', dataIndex: 'amount', search: false, align: 'right', render: (_, s) => formatYuan(s.amount) },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !canManageFees,
      render: (_, s) => [
        <Popconfirm
          key='bulk'
          title={`按「${s.name}」批量开单？`}
          description='为适用的每位学员开具一张缴费单（本学年已有的跳过）'
          okText='开单'
          onConfirm={() =>
            feesApi.bulkRaise(s.id).then(
              (r) => message.success(`已开具 ${r.created} 张缴费单，${r.skipped} 人已有跳过`),
              (e: Error) => message.error(e.message),
            )
          }
        >
          <Typography.Link data-testid={`bulk-${s.id}`}>批量开单</Typography.Link>
        </Popconfirm>,
        <StandardForm key='edit' standard={s} onSaved={reload} trigger={<Typography.Link>修改</Typography.Link>} />,
        <RemoveAction key='remove' title={`删除收费标准「${s.name}」？`} remove={() => feesApi.removeStandard(s.id)} onRemoved={reload} />,
      ],
    },
  ]

  return (
    <PageContainer title='收费标准'>
      <ListTable<FeeStandard>
        actionRef={actionRef}
        headerTitle='收费标准'
        columns={columns}
        fetch={(state) => feesApi.standards(toServerQuery(state))}
        emptyText='还没有收费标准'
        toolBarRender={() =>
          canManageFees ? [<StandardForm key='add' onSaved={reload} trigger={<AddButton>新增收费标准</AddButton>} />] : []
        }
      />
    </PageContainer>
  )
}
