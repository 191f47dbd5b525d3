/**
 * 档位: the commission tiers, the rule in words, a preview of what a partner with N deals this
 * cycle earns under the tiers on screen (tier-rule.ts, the back-office's rule), and the referral
 * bonus (推荐奖励) setting. Whoever may open it reads; who holds the right (access.ts
 * canManageTiers) adds, changes and deletes tiers and saves the referral bonus.
 */
import { FormDependency, NumberField, PageForm, RadioField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { REFERRAL_BONUS_MODES, ReferralBonusMode } from '@activity/wire'
import { Alert, App, Card, Flex, InputNumber, Space, Table, type TableColumnsType, Typography } from 'antd'
import { WholeListCard } from '../../components/list/ListCard'
import { RemoveAction } from '../../components/RemoveAction'
import { type ReactElement, useState } from 'react'
import { type Level, levelsApi, type ReferralBonus } from '../../api/levels'
import { formatYuan, parseYuan } from '@activity/money'
import { LoadFailure } from '../../components/LoadFailure'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { YuanField } from '../../components/YuanField'
import { useRemote } from '../../hooks/useRemote'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'
import { cycleEarnings, referralBonusFor, TIER_RULE_TEXT } from '@activity/domain'
import { requiredText } from '../../form-rules'
import { recordTexts, saveRecord } from '../../components/record-form'
import { AddButton } from '../../components/AddButton'

interface TierValues {
  name: string
  minDeals: number
  commission: string
}

/** 新增 / 修改: the server's refusal (a duplicate name or minimum) stays on the form. */
function TierForm({ tier, trigger, onSaved }: { tier?: Level; trigger: ReactElement; onSaved: () => void }) {
  return (
    <SubmitModalForm<TierValues>
      {...recordTexts('档位', tier)}
      trigger={trigger}
      width={480}
      initialValues={
        tier
          ? { name: tier.name, minDeals: tier.minDeals, commission: formatYuan(tier.commissionPerDeal, { symbol: false, grouping: false }) }
          : undefined
      }
      onSubmit={({ name, minDeals, commission }) => {
        const input = { name: name.trim(), minDeals, commissionPerDeal: parseYuan(commission, { negative: true }) ?? 0 }
        return saveRecord(tier, input, levelsApi.create, levelsApi.update)
      }}
      onDone={onSaved}
    >
      <TextField name='name' label='档位名称' width='md' placeholder='如 青铜、白银' rules={requiredText('档位名称', 20)} />
      <NumberField
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
    </SubmitModalForm>
  )
}

/** "With these tiers, a partner with N deals this cycle earns …", deal range by deal range. */
function EarningsPreview({ tiers }: { tiers: Level[] }) {
  const [deals, setDeals] = useState<number>(10)
  const { total, lines } = cycleEarnings(tiers, deals)
  return (
    <Card title='佣金预览' data-testid='tier-preview'>
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
          className='console-field-xs'
        />
        <span>的合伙人可得佣金</span>
        <Typography.Text strong className='console-figure' data-testid='tier-preview-total'>
          {formatYuan(total)}
        </Typography.Text>
      </Space>
      {lines.length > 0 ? (
        <Table
          className='console-gap-top'
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
    </Card>
  )
}

interface BonusValues {
  mode: ReferralBonusMode
  amount?: string
  percent?: number
}

const BONUS_RULE_TEXT =
  '合伙人推荐（用推广码注册）的合伙人每成交一单，推荐人获得推荐奖励（资金记录类型“推荐奖励”），与成交在同一事务入账，冻结期与佣金相同；只奖励直接推荐人一级。成交退费撤销时，推荐奖励一并撤回。修改只影响之后的成交。'

/** 推荐奖励: off, a fixed amount per deal, or a percentage of the deal's commission; the server's refusal stays on the form. */
function ReferralBonusCard({ tiers }: { tiers: Level[] }) {
  const { message } = App.useApp()
  const { canManageTiers } = useAccess()
  const { data, error, reload } = useRemote(() => levelsApi.referralBonus(), [])
  const { submit, shown, clear } = useSubmission()
  const example = tiers[0]?.commissionPerDeal ?? 10000
  return (
    <Card title='推荐奖励' data-testid='referral-bonus'>
      <Typography.Paragraph type='secondary'>{BONUS_RULE_TEXT}</Typography.Paragraph>
      {error ? (
        <LoadFailure error={error} onRetry={reload} />
      ) : !data ? null : (
        <PageForm<BonusValues>
          key={`${data.mode}-${data.amount}-${data.percent}`}
          layout='horizontal'
          initialValues={{
            mode: data.mode,
            amount: data.amount ? formatYuan(data.amount, { symbol: false, grouping: false }) : undefined,
            percent: data.percent || undefined,
          }}
          onValuesChange={clear}
          disabled={!canManageTiers}
          submitter={canManageTiers ? { searchConfig: { submitText: '保存推荐奖励' }, resetButtonProps: false } : false}
          onFinish={async ({ mode, amount, percent }) => {
            const input =
              mode === ReferralBonusMode.fixed
                ? { mode, amount: parseYuan(amount ?? '', { negative: true }) ?? 0 }
                : mode === ReferralBonusMode.percent
                  ? { mode, percent }
                  : { mode }
            let saved: ReferralBonus | undefined
            const done = await submit(async () => {
              saved = await levelsApi.saveReferralBonus(input)
            })
            if (!done || !saved) return false
            message.success(saved.mode === ReferralBonusMode.off ? '推荐奖励已关闭' : '推荐奖励已保存')
            reload()
            return true
          }}
        >
          {shown}
          <RadioField
            name='mode'
            label='奖励方式'
            radioType='button'
            options={REFERRAL_BONUS_MODES.map((m) => ({ label: m, value: m }))}
            rules={[{ required: true, message: '请选择推荐奖励方式' }]}
          />
          <FormDependency name={['mode', 'amount', 'percent']}>
            {(values) => {
              const { mode, amount, percent } = values as Partial<BonusValues>
              if (mode === ReferralBonusMode.fixed) {
                const fen = parseYuan(amount ?? '', { negative: true })
                return (
                  <YuanField
                    name='amount'
                    label='每单奖励金额'
                    min={1}
                    max={100_000_000}
                    extra={fen ? `推荐的合伙人每成交一单，推荐人得 ${formatYuan(fen)}` : undefined}
                  />
                )
              }
              if (mode === ReferralBonusMode.percent) {
                const bonus = percent ? referralBonusFor({ mode, amount: 0, percent }, example) : undefined
                return (
                  <NumberField
                    name='percent'
                    label='奖励比例'
                    width='sm'
                    min={1}
                    max={100}
                    fieldProps={{ precision: 0, addonAfter: '%' }}
                    extra={
                      bonus !== undefined
                        ? `按该单佣金计算，不足1分舍去；例：一单佣金 ${formatYuan(example)}，推荐人得 ${formatYuan(bonus)}`
                        : '按该单佣金的百分比计算，1-100 的整数'
                    }
                    rules={[{ required: true, message: '请填写奖励比例' }]}
                  />
                )
              }
              return null
            }}
          </FormDependency>
        </PageForm>
      )}
    </Card>
  )
}

export default function TierList() {
  const { canManageTiers } = useAccess()
  const { data, error, loading, reload } = useRemote(() => levelsApi.list(), [])
  const tiers = data ?? []

  const columns: TableColumnsType<Level> = [
    { title: '档位名称', dataIndex: 'name' },
    { title: '最低成交单数', dataIndex: 'minDeals', render: (_, t) => `≥ ${t.minDeals} 单` },
    { title: '每单佣金', dataIndex: 'commissionPerDeal', align: 'right', render: (_, t) => formatYuan(t.commissionPerDeal) },
  ]
  if (canManageTiers)
    columns.push({
      title: '操作',
      key: 'actions',
      render: (_, tier) => (
        <Space size='middle'>
          <TierForm tier={tier} onSaved={reload} trigger={<a>修改</a>} />
          <RemoveAction
            title={`删除档位「${tier.name}」？`}
            description='已成交的佣金不受影响；之后的成交按剩下的档位计算。'
            remove={() => levelsApi.remove(tier.id)}
            onRemoved={reload}
            done='档位已删除'
          />
        </Space>
      ),
    })

  return (
    <PageContainer title='档位'>
      <Alert type='info' showIcon message='佣金规则' description={TIER_RULE_TEXT} className='console-gap-bottom' />
      {error ? <LoadFailure title='档位加载失败' error={error} onRetry={reload} className='console-gap-bottom' /> : null}
      <div className='console-list'>
        <WholeListCard<Level>
          title='本周期档位'
          tools={canManageTiers ? [<TierForm key='add' onSaved={reload} trigger={<AddButton>新增档位</AddButton>} />] : []}
          onReload={reload}
          columns={columns}
          dataSource={tiers}
          loading={loading}
          locale={{ emptyText: '还没有档位：没有档位时成交不产生佣金' }}
        />
      </div>
      <Flex vertical gap='middle'>
        <EarningsPreview tiers={tiers} />
        <ReferralBonusCard tiers={tiers} />
      </Flex>
    </PageContainer>
  )
}
