/**
 * 档位 (管理员): the commission tiers, the rule in words, and a preview of what a partner with N
 * deals this cycle earns under the tiers on screen (tier-rule.ts, the back-office's rule).
 */
import { ModalForm, PageContainer, ProCard, ProFormDigit, ProFormText, ProTable, type ProColumns } from '@ant-design/pro-components'
import { Alert, App, Button, InputNumber, Popconfirm, Space, Table, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { type ReactElement, useState } from 'react'
import { ApiError } from '../../api/client'
import { type Level, levelsApi } from '../../api/levels'
import { fenToYuan, formatYuan, yuanToFen } from '../../api/money'
import { YuanField } from '../../components/YuanField'
import { useRemote } from '../../hooks/useRemote'
import { cycleEarnings, TIER_RULE_TEXT } from './tier-rule'

interface TierValues {
  name: string
  minDeals: number
  commission: string
}

/** 新增 / 修改: the server's refusal (a duplicate name or minimum) stays on the form. */
function TierForm({ tier, trigger, onSaved }: { tier?: Level; trigger: ReactElement; onSaved: () => void }) {
  const { message } = App.useApp()
  const [refusal, setRefusal] = useState<string>()
  return (
    <ModalForm<TierValues>
      title={tier ? `修改档位「${tier.name}」` : '新增档位'}
      trigger={trigger}
      width={480}
      modalProps={{ destroyOnHidden: true, onCancel: () => setRefusal(undefined) }}
      initialValues={
        tier ? { name: tier.name, minDeals: tier.minDeals, commission: fenToYuan(tier.commissionPerDeal, { grouping: false }) } : undefined
      }
      onValuesChange={() => setRefusal(undefined)}
      onFinish={async ({ name, minDeals, commission }) => {
        const input = { name: name.trim(), minDeals, commissionPerDeal: yuanToFen(commission) ?? 0 }
        try {
          if (tier) await levelsApi.update({ id: tier.id, ...input })
          else await levelsApi.create(input)
        } catch (error) {
          setRefusal(error instanceof ApiError ? error.message : String(error))
          return false
        }
        message.success(tier ? '档位已修改' : '档位已新增')
        onSaved()
        return true
      }}
    >
      {refusal ? <Alert role='alert' type='error' showIcon message={refusal} style={{ marginBottom: 16 }} /> : null}
      <ProFormText
        name='name'
        label='档位名称'
        width='md'
        placeholder='如 青铜、白银'
        rules={[
          { required: true, whitespace: true, message: '请填写档位名称' },
          { max: 20, message: '档位名称不能超过20个字符' },
        ]}
      />
      <ProFormDigit
        name='minDeals'
        label='最低成交单数'
        width='sm'
        min={0}
        max={100000}
        fieldProps={{ precision: 0, addonAfter: '单' }}
        extra='本周期成交达到这个单数即进入该档位'
        rules={[{ required: true, message: '请填写最低成交单数' }]}
      />
      <YuanField name='commission' label='每单佣金' max={100_000_000} />
    </ModalForm>
  )
}

/** "With these tiers, a partner with N deals this cycle earns …", deal range by deal range. */
function EarningsPreview({ tiers }: { tiers: Level[] }) {
  const [deals, setDeals] = useState<number>(10)
  const { total, lines } = cycleEarnings(tiers, deals)
  return (
    <ProCard title='佣金预览' bordered headerBordered data-testid='tier-preview'>
      <Space align='center' wrap>
        <span>按以上档位，本周期成交</span>
        <InputNumber
          aria-label='本周期成交单数'
          min={0}
          max={100000}
          precision={0}
          value={deals}
          onChange={(v) => setDeals(typeof v === 'number' ? v : 0)}
          addonAfter='单'
          style={{ width: 140 }}
        />
        <span>的合伙人可得佣金</span>
        <Typography.Text strong style={{ fontSize: 18 }} data-testid='tier-preview-total'>
          {formatYuan(total)}
        </Typography.Text>
      </Space>
      {lines.length > 0 ? (
        <Table
          style={{ marginTop: 16 }}
          size='small'
          pagination={false}
          rowKey='from'
          dataSource={lines}
          columns={[
            { title: '成交', render: (_, l) => (l.from === l.to ? `第 ${l.from} 单` : `第 ${l.from}-${l.to} 单`) },
            { title: '按档位', dataIndex: 'tier', render: (t: string | null) => t ?? '未达到任何档位' },
            { title: '每单佣金', dataIndex: 'perDeal', align: 'right', render: (v: number) => formatYuan(v) },
            { title: '小计', dataIndex: 'subtotal', align: 'right', render: (v: number) => formatYuan(v) },
          ]}
        />
      ) : null}
    </ProCard>
  )
}

export default function TierList() {
  const { message } = App.useApp()
  const { data, error, loading, reload } = useRemote(() => levelsApi.list(), [])
  const tiers = data ?? []

  const columns: ProColumns<Level>[] = [
    { title: '档位名称', dataIndex: 'name' },
    { title: '最低成交单数', dataIndex: 'minDeals', render: (_, t) => `≥ ${t.minDeals} 单` },
    { title: '每单佣金', dataIndex: 'commissionPerDeal', align: 'right', render: (_, t) => formatYuan(t.commissionPerDeal) },
    {
      title: '操作',
      valueType: 'option',
      render: (_, tier) => [
        <TierForm key='edit' tier={tier} onSaved={reload} trigger={<a>修改</a>} />,
        <Popconfirm
          key='remove'
          title={`删除档位「${tier.name}」？`}
          description='已成交的佣金不受影响；之后的成交按剩下的档位计算。'
          okText='删除'
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            // A refusal is shown by the client; the list stays as it was.
            await levelsApi.remove(tier.id).then(
              () => {
                message.success('档位已删除')
                reload()
              },
              () => undefined,
            )
          }}
        >
          <a style={{ color: '#ff4d4f' }}>删除</a>
        </Popconfirm>,
      ],
    },
  ]

  return (
    <PageContainer title='档位'>
      <Alert type='info' showIcon message='佣金规则' description={TIER_RULE_TEXT} style={{ marginBottom: 16 }} />
      {error ? (
        <Alert
          role='alert'
          type='error'
          showIcon
          message='档位加载失败'
          description={error}
          action={<Button onClick={reload}>重试</Button>}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <ProTable<Level>
        rowKey='id'
        headerTitle='本周期档位'
        columns={columns}
        dataSource={tiers}
        loading={loading}
        search={false}
        pagination={false}
        options={{ density: false, setting: false, reload }}
        locale={{ emptyText: '还没有档位：没有档位时成交不产生佣金' }}
        toolBarRender={() => [
          <TierForm
            key='add'
            onSaved={reload}
            trigger={
              <Button type='primary' icon={<PlusOutlined />}>
                新增档位
              </Button>
            }
          />,
        ]}
      />
      <div style={{ height: 16 }} />
      <EarningsPreview tiers={tiers} />
    </PageContainer>
  )
}
