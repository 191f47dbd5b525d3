/**
 * 积分途径: how students earn (one way per kind), each with its points, a daily cap (0: none) and
 * whether it is on. Every role reads; 管理员 adds, changes and deletes (access.ts canManagePoints).
 */
import { NumberField, SelectField, SwitchField, TextAreaField, TextField } from '../../components/form'
import { POINTS_WAY_KINDS, PointsWayKind } from '@activity/wire'
import { Tag } from 'antd'
import type { ReactElement } from 'react'
import { type PointsWay, type PointsWayInput, pointsApi } from '../../api/points'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { enumColumn } from '../../components/status'
import { POINTS_WAY_KIND_ENUM } from './enums'
import { SettingTable } from './SettingTable'
import { requiredText } from '../../form-rules'
import { recordTexts, saveRecord } from '../../components/record-form'

const KIND_HINT: Record<PointsWayKind, string> = {
  [PointsWayKind.checkIn]: '学员每天签到一次',
  [PointsWayKind.studyTime]: '当天每学习满30分钟得一次',
  [PointsWayKind.examPassed]: '每份试卷首次及格得一次',
  [PointsWayKind.referral]: '推荐的线索转为学员时，推荐合伙人的学员身份得一次',
  [PointsWayKind.offline]: '学员上传照片申请，审核通过后得分',
}

function WayForm({ way, trigger, onSaved }: { way?: PointsWay; trigger: ReactElement; onSaved: () => void }) {
  return (
    <SubmitModalForm<PointsWayInput>
      {...recordTexts('积分途径', way)}
      trigger={trigger}
      width={520}
      initialValues={way ?? { enabled: true, dailyCap: 0 }}
      onSubmit={(values) => {
        const input = { ...values, name: values.name.trim(), description: values.description ?? '' }
        return saveRecord(way, input, pointsApi.createWay, pointsApi.updateWay)
      }}
      onDone={onSaved}
    >
      <SelectField
        name='kind'
        label='途径类型'
        width='md'
        options={POINTS_WAY_KINDS.map((k) => ({ label: `${k}（${KIND_HINT[k]}）`, value: k }))}
        rules={[{ required: true, message: '请选择途径类型' }]}
      />
      <TextField name='name' label='途径名称' width='md' rules={requiredText('途径名称', 30, '个字')} />
      <NumberField
        name='points'
        label='每次积分'
        width='sm'
        min={1}
        max={100000}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请填写积分' }]}
      />
      <NumberField
        name='dailyCap'
        label='每日上限'
        width='sm'
        min={0}
        max={1000}
        fieldProps={{ precision: 0, addonAfter: '次' }}
        extra='按北京时间自然日计算，0 表示不限'
      />
      <SwitchField name='enabled' label='启用' />
      <TextAreaField name='description' label='说明' fieldProps={{ maxLength: 200, showCount: true }} />
    </SubmitModalForm>
  )
}

export default function WayList() {
  return (
    <SettingTable<PointsWay>
      name='积分途径'
      subTitle='学员获得积分的方式，每种类型一条'
      load={pointsApi.ways}
      columns={[
        { title: '途径类型', dataIndex: 'kind', width: 110, ...enumColumn(POINTS_WAY_KIND_ENUM) },
        { title: '途径名称', dataIndex: 'name' },
        { title: '每次积分', dataIndex: 'points', align: 'right', width: 100 },
        {
          title: '每日上限',
          dataIndex: 'dailyCap',
          align: 'right',
          width: 100,
          render: (_, w) => (w.dailyCap ? `${w.dailyCap} 次` : '不限'),
        },
        { title: '状态', dataIndex: 'enabled', width: 90, render: (_, w) => (w.enabled ? <Tag color='green'>启用</Tag> : <Tag>停用</Tag>) },
        { title: '说明', dataIndex: 'description', ellipsis: true },
      ]}
      form={({ row, trigger, onSaved }) => <WayForm way={row} trigger={trigger} onSaved={onSaved} />}
      addLabel='新增途径'
      remove={(way) => pointsApi.removeWay(way.id)}
      removeNote='已获得的积分不受影响；有积分申请的途径不能删除，请停用。'
    />
  )
}
