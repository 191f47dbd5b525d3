/**
 * 积分等级: a student's level is the highest one whose points their lifetime points reach. Every
 * role reads; 管理员 adds, changes and deletes (access.ts canManagePoints).
 */
import { NumberField, TextField } from '../../components/form'
import type { ReactElement } from 'react'
import { type PointsLevel, type PointsLevelInput, pointsApi } from '../../api/points'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { SettingTable } from './SettingTable'
import { requiredText } from '../../form-rules'
import { recordTexts, saveRecord } from '../../components/record-form'

function LevelForm({ level, trigger, onSaved }: { level?: PointsLevel; trigger: ReactElement; onSaved: () => void }) {
  return (
    <SubmitModalForm<PointsLevelInput>
      {...recordTexts('积分等级', level)}
      trigger={trigger}
      width={440}
      initialValues={level}
      onSubmit={(values) => {
        const input = { name: values.name.trim(), minPoints: values.minPoints }
        return saveRecord(level, input, pointsApi.createLevel, pointsApi.updateLevel)
      }}
      onDone={onSaved}
    >
      <TextField name='name' label='等级名称' width='md' placeholder='如 青铜学员' rules={requiredText('等级名称', 20, '个字')} />
      <NumberField
        name='minPoints'
        label='所需累计积分'
        width='sm'
        min={0}
        max={100000000}
        fieldProps={{ precision: 0 }}
        extra='学员累计获得的积分（兑换不减少）达到这个数即为该等级'
        rules={[{ required: true, message: '请填写所需积分' }]}
      />
    </SubmitModalForm>
  )
}

export default function LevelList() {
  return (
    <SettingTable<PointsLevel>
      name='积分等级'
      subTitle='按累计获得的积分定等级'
      load={pointsApi.levels}
      columns={[
        { title: '等级名称', dataIndex: 'name' },
        { title: '所需累计积分', dataIndex: 'minPoints', align: 'right', render: (_, l) => `≥ ${l.minPoints}` },
      ]}
      form={({ row, trigger, onSaved }) => <LevelForm level={row} trigger={trigger} onSaved={onSaved} />}
      addLabel='新增等级'
      remove={(level) => pointsApi.removeLevel(level.id)}
    />
  )
}
