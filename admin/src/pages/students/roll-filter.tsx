/** A roll filter's fields (学校, 专业, 层次, 批次年份, 批次, and 学籍状态 when asked): the dialogs that act on every student a filter matches (开通课程, 分班). */
import { STUDENT_LEVELS, STUDENT_STATUSES } from '@activity/wire'
import { Col, Row } from 'antd'
import { SelectField, TextField } from '../../components/form'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS } from './roll'

const LEVEL_OPTIONS = STUDENT_LEVELS.map((l) => ({ value: l, label: l }))
const STATUS_OPTIONS = STUDENT_STATUSES.map((s) => ({ value: s, label: s }))

export function RollFilterFields({ withStatus = false }: { withStatus?: boolean }) {
  const span = withStatus ? 6 : 8
  return (
    <Row gutter={16}>
      <Col span={12}>
        <TextField name='school' label='学校' placeholder='全部学校' />
      </Col>
      <Col span={12}>
        <TextField name='major' label='专业' placeholder='全部专业' />
      </Col>
      <Col span={span}>
        <SelectField name='level' label='层次' placeholder='全部层次' allowClear options={LEVEL_OPTIONS} />
      </Col>
      <Col span={span}>
        <SelectField name='batchYear' label='批次年份' placeholder='全部年份' allowClear options={BATCH_YEAR_OPTIONS} />
      </Col>
      <Col span={span}>
        <SelectField name='batch' label='批次' placeholder='全部批次' allowClear options={BATCH_OPTIONS} />
      </Col>
      {withStatus && (
        <Col span={6}>
          <SelectField name='status' label='学籍状态' placeholder='全部状态' allowClear options={STATUS_OPTIONS} />
        </Col>
      )}
    </Row>
  )
}
