/**
 * 海报: the share-poster backgrounds partners choose from, and the poster as a partner's phone
 * draws it, with a chosen partner's QR code and name (or a sample). Whoever may open it reads; who
 * holds the right (access.ts canManagePosters) uploads (dropped or chosen, checked before sending),
 * names, orders, deletes, and turns on/off where the back-office has the switch.
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { PageContainer } from '../../components/PageContainer'
import { Alert, App, Button, Card, Image, Space, Switch, type TableColumnsType, Tag, Typography } from 'antd'
import { RemoveAction } from '../../components/RemoveAction'
import { useEffect, useState } from 'react'
import { type Background, type PartnerCard, postersApi } from '../../api/posters'
import { lazyDialog } from '../../components/LazyDialog'
import { WholeListCard } from '../../components/list/ListCard'
import { LoadFailure } from '../../components/LoadFailure'
import { PartnerSelect } from '../../components/PartnerSelect'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { PosterPhone } from './PosterPhone'
import { AddButton } from '../../components/AddButton'

/** Whether this back-office has the on/off switch (the OpenAPI document at /docs). */
const hasSwitch = (list: Background[]) => list.some((b) => typeof b.enabled === 'boolean')

/** 新增背景 / 修改: in a module of its own, loaded when first opened (it brings the picture upload). */
const BackgroundForm = lazyDialog(() => import('./BackgroundForm').then((m) => m.BackgroundForm))

const SAMPLE = { name: '张三', code: 'ABC123' }

/** The name the back-office prints on a partner's poster: real name, nickname, or the masked phone. */
function posterNameOf(p: PartnerCard): string {
  return p.personal?.realName ?? p.nickname ?? (p.phone.length >= 7 ? `${p.phone.slice(0, 3)}****${p.phone.slice(-4)}` : p.phone)
}

export default function PosterList() {
  const { message } = App.useApp()
  const { canManagePosters } = useAccess()
  const { data, error, loading, reload } = useRemote(() => postersApi.list(), [])
  const list = data ?? []
  const withSwitch = hasSwitch(list)
  const [chosenId, setChosenId] = useState<number>()
  const [partnerId, setPartnerId] = useState<string>()
  const [partner, setPartner] = useState<PartnerCard>()
  const [moving, setMoving] = useState(false)

  useEffect(() => {
    if (!partnerId) {
      setPartner(undefined)
      return
    }
    let live = true
    postersApi.partner(partnerId).then(
      (p) => live && setPartner(p),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [partnerId])

  const nextSort = list.reduce((max, b) => Math.max(max, b.sort), 0) + 10
  // What partners can pick from: every background, or the enabled ones once there is a switch.
  const shown = withSwitch ? list.filter((b) => b.enabled !== false) : list

  /** Moves a background one place and writes the new order as sort 10, 20, 30 … (only the rows that change). */
  const move = async (index: number, delta: -1 | 1) => {
    const order = [...list]
    const [row] = order.splice(index, 1)
    if (!row) return
    order.splice(index + delta, 0, row)
    setMoving(true)
    try {
      for (const [i, b] of order.entries()) {
        const sort = (i + 1) * 10
        if (b.sort !== sort) await postersApi.update({ id: b.id, name: b.name, url: b.url, sort })
      }
      message.success('顺序已保存')
    } catch {
      // The client has shown why.
    } finally {
      setMoving(false)
      reload()
    }
  }

  const columns: TableColumnsType<Background> = [
    {
      title: '图片',
      dataIndex: 'url',
      width: 80,
      render: (_, b) => <Image src={b.url} alt={b.name} width={45} height={72} className='console-thumb' />,
    },
    {
      title: '名称',
      dataIndex: 'name',
      render: (_, b) => (
        <Space direction='vertical' size={0}>
          <a onClick={() => setChosenId(b.id)}>{b.name}</a>
          {b.id === (chosenId ?? shown[0]?.id) ? <Tag color='orange'>预览中</Tag> : null}
        </Space>
      ),
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    ...(withSwitch
      ? [
          {
            title: '启用',
            dataIndex: 'enabled',
            width: 80,
            render: (_: unknown, b: Background) => (
              <Switch
                checked={b.enabled !== false}
                disabled={!canManagePosters}
                aria-label={`启用 ${b.name}`}
                onChange={(on) =>
                  void postersApi
                    .update({ id: b.id, name: b.name, url: b.url, sort: b.sort, enabled: on ? '是' : '否' })
                    .then(
                      () => message.success(on ? '已启用' : '已停用'),
                      () => undefined,
                    )
                    .finally(reload)
                }
              />
            ),
          } satisfies TableColumnsType<Background>[number],
        ]
      : []),
  ]
  if (canManagePosters)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, b, index) => (
        <Space size='middle'>
          <Button
            size='small'
            type='text'
            icon={<ArrowUpOutlined />}
            aria-label='上移'
            disabled={index === 0 || moving}
            onClick={() => void move(index, -1)}
          />
          <Button
            size='small'
            type='text'
            icon={<ArrowDownOutlined />}
            aria-label='下移'
            disabled={index === list.length - 1 || moving}
            onClick={() => void move(index, 1)}
          />
          <BackgroundForm background={b} nextSort={nextSort} onSaved={reload} trigger={<a>修改</a>} />
          <RemoveAction
            title={`删除背景「${b.name}」？`}
            description='合伙人将不能再选择这张背景。'
            remove={() => postersApi.remove(b.id)}
            onRemoved={reload}
            done='背景已删除'
          />
        </Space>
      ),
    })

  const name = partner ? posterNameOf(partner) : SAMPLE.name
  const code = partner?.code ?? SAMPLE.code
  const link = partner?.shareLink ?? `${location.origin}/pages/activity/main?ref=${SAMPLE.code}`

  return (
    <PageContainer title='海报'>
      {error ? <LoadFailure title='海报背景加载失败' error={error} onRetry={reload} className='console-gap-bottom' /> : null}
      {!loading && !error && !withSwitch ? (
        <Alert
          type='warning'
          showIcon
          className='console-gap-bottom'
          message='合伙人可选择下列全部背景'
          description='后台暂不支持单独停用背景；不再使用的背景请删除。'
        />
      ) : null}
      <div className='console-split'>
        <div className='console-grow'>
          <div className='console-list'>
            <WholeListCard<Background>
              title='海报背景'
              tools={
                canManagePosters
                  ? [
                      <BackgroundForm
                        key='add'
                        nextSort={nextSort}
                        onSaved={(saved) => {
                          setChosenId(saved.id)
                          reload()
                        }}
                        trigger={<AddButton>新增背景</AddButton>}
                      />,
                    ]
                  : []
              }
              onReload={reload}
              columns={columns}
              dataSource={list}
              loading={loading || moving}
              locale={{ emptyText: '还没有海报背景：合伙人的海报将只有纯色底' }}
            />
          </div>
        </div>
        <Card title='手机预览' className='console-preview' data-testid='poster-preview'>
          <Space direction='vertical' className='console-full-width'>
            <PartnerSelect
              value={partnerId}
              onChange={setPartnerId}
              placeholder='选择合伙人（默认示例：张三）'
              aria-label='预览谁的海报'
              className='console-full-width'
            />
            <Typography.Text type='secondary'>{partner ? `${name} 的海报：二维码为其分享链接` : '示例合伙人的海报'}</Typography.Text>
            <PosterPhone backgrounds={shown} chosenId={chosenId} onPick={setChosenId} name={name} code={code} link={link} />
          </Space>
        </Card>
      </div>
    </PageContainer>
  )
}
