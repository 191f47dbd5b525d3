/**
 * A record's dialogs on 邮寄详情, loaded when first opened (lazyDialog): 填写运单 (the carrier and
 * number; the first one ships the books and tells the student, a changed one is recorded in 操作日志)
 * and 更正地址 (the office's correction with its reason, until the books are shipped; a phone left
 * as it was shown, masked, keeps the one on file). The server's refusals stay in the dialog.
 */
import type { CarrierCode } from '@activity/wire'
import { Alert, Col, Row, Typography } from 'antd'
import { type MailRecord, textbooksApi } from '../../api/textbooks'
import { TextAreaField, TextField } from '../../components/form'
import { WaybillFields } from '../../components/WaybillFields'
import type { DialogControl } from '../../components/LazyDialog'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { requiredText } from '../../form-rules'
import { unlessMasked } from '../../masked'
import { addressText, correctValues } from './textbooks'

const PHONE = /^1[3-9]\d{9}$/

function Recipient({ record }: { record: MailRecord }) {
  if (!record.address) return null
  const a = record.address
  return (
    <Typography.Paragraph>
      收件人：{a.receiver} {a.phone}
      <br />
      地址：{addressText(a)}
    </Typography.Paragraph>
  )
}

export function WaybillForm({ record, onDone, ...control }: { record: MailRecord; onDone: () => void } & DialogControl) {
  const previous = record.parcel
  return (
    <SubmitModalForm<{ carrier: CarrierCode; waybillNo: string }, MailRecord>
      title={`${previous ? '修改运单' : '填写运单'}：${record.student.name}`}
      {...control}
      width={520}
      layout='vertical'
      initialValues={previous ? { carrier: previous.carrier as CarrierCode, waybillNo: previous.waybillNo } : {}}
      submitter={{ searchConfig: { submitText: previous ? '修改运单' : '发货' } }}
      notice={
        <>
          <Recipient record={record} />
          {previous ? (
            <Alert
              type='warning'
              showIcon
              className='console-gap-bottom'
              message={`已有运单：${previous.carrierName} ${previous.waybillNo}`}
              description='修改后按新运单重新跟踪物流，原运单号和新运单号记入操作日志。'
            />
          ) : (
            <Typography.Paragraph type='secondary'>填写后记为已发货，学员收到发货通知，并开始跟踪物流。</Typography.Paragraph>
          )}
        </>
      }
      onSubmit={({ carrier, waybillNo }) => textbooksApi.setWaybill({ id: record.id, carrier, waybillNo: waybillNo.trim() })}
      success={previous ? '运单已修改，已记入操作日志' : '已发货，已通知学员'}
      onDone={onDone}
      onStale={onDone}
    >
      <WaybillFields />
    </SubmitModalForm>
  )
}

type CorrectValues = ReturnType<typeof correctValues>

export function CorrectForm({ record, onDone, ...control }: { record: MailRecord; onDone: () => void } & DialogControl) {
  const filled = record.address?.phone
  const text = (label: string, max: number) => requiredText(label, max)
  return (
    <SubmitModalForm<CorrectValues, MailRecord>
      title={`${record.address ? '更正地址' : '代填地址'}：${record.student.name}`}
      {...control}
      width={600}
      layout='vertical'
      initialValues={correctValues(record)}
      submitter={{ searchConfig: { submitText: '保存' } }}
      notice={
        <Typography.Paragraph type='secondary'>
          {record.address
            ? '更正后按新地址发货，原地址和更正原因记入操作日志。'
            : '学员还没有确认地址：教务处代填后即视为已确认，原因记入操作日志。'}
          {filled?.includes('*') ? '电话不修改时保留原号码。' : ''}
        </Typography.Paragraph>
      }
      onSubmit={(v) =>
        textbooksApi.correct({
          id: record.id,
          receiver: v.receiver.trim(),
          phone: v.phone?.trim(),
          province: v.province.trim(),
          city: v.city.trim(),
          district: v.district?.trim() || undefined,
          street: v.street.trim(),
          reason: (v.reason ?? '').trim(),
        })
      }
      success='地址已更正'
      onDone={onDone}
      onStale={onDone}
    >
      <Row gutter={16}>
        <Col span={12}>
          <TextField name='receiver' label='收件人' rules={text('收件人', 20)} />
        </Col>
        <Col span={12}>
          <TextField
            name='phone'
            label='电话'
            fieldProps={{ inputMode: 'tel', autoComplete: 'off' }}
            rules={[{ required: true, whitespace: true, message: '请填写电话' }, unlessMasked(filled, PHONE, '手机号格式不正确')]}
          />
        </Col>
        <Col span={8}>
          <TextField name='province' label='省份' rules={text('省份', 20)} />
        </Col>
        <Col span={8}>
          <TextField name='city' label='城市' rules={text('城市', 20)} />
        </Col>
        <Col span={8}>
          <TextField name='district' label='区县' placeholder='可不填' rules={[{ max: 20, message: '区县不能超过20个字符' }]} />
        </Col>
      </Row>
      <TextField name='street' label='详细地址' rules={text('详细地址', 100)} />
      <TextAreaField
        name='reason'
        label='更正原因'
        placeholder='如 学员来电更换收货地址'
        fieldProps={{ maxLength: 100, showCount: true, rows: 2 }}
        rules={requiredText('更正原因', 100)}
      />
    </SubmitModalForm>
  )
}
