/**
 * Import admission results or score lines from .xlsx: the template to fill in, the file (type
 * and size checked before sending), and the server's report row by row: rows with a problem are
 * listed with the reason and not imported; the good rows are saved (existing ones updated).
 */
import { DownloadOutlined } from '@ant-design/icons'
import { Alert, Button, Descriptions, Modal, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import { type ImportReport, VOLUNTEER_KIND_NAMES, volunteerApi, type VolunteerKind } from '../../api/volunteer'
import type { DialogControl } from '../../components/LazyDialog'
import { FileDrop } from '../../components/FileDrop'
import { useSubmission } from '../../hooks/useSubmission'

/** The back-office's default upload limit (UPLOAD_LIMIT_BYTES). */
const FILE_MAX_BYTES = 5 * 1024 * 1024

export function xlsxRefusal(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return '请上传.xlsx文件'
  if (file.size > FILE_MAX_BYTES) return `文件不能超过${FILE_MAX_BYTES / 1024 / 1024}MB`
  if (file.size === 0) return '文件是空的'
  return null
}

/** The dialog, opened by 导入录取信息 / 导入分数线 on 志愿数据 (loaded with its first opening, lazyDialog). */
export function VolunteerImport({ kind, onImported, open, onOpenChange }: { kind: VolunteerKind; onImported: () => void } & DialogControl) {
  const { submit, refusal, pending: sending, clear, refuse } = useSubmission()
  const [report, setReport] = useState<ImportReport>()
  const [fileName, setFileName] = useState<string>()
  // The list reloads once the dialog closes, as the clue import does.
  const [imported, setImported] = useState(false)

  const send = async (file: File) => {
    setReport(undefined)
    setFileName(file.name)
    const local = xlsxRefusal(file)
    if (local) {
      refuse(local)
      return
    }
    await submit(async () => {
      const answer = await volunteerApi.import(kind, file)
      setReport(answer)
      if (answer.imported > 0) setImported(true)
    })
  }

  const close = () => {
    if (imported) onImported()
    setImported(false)
    onOpenChange(false)
    setReport(undefined)
    clear()
    setFileName(undefined)
  }

  return (
    <Modal
      title={`导入${VOLUNTEER_KIND_NAMES[kind]}`}
      open={open}
      onCancel={close}
      footer={<Button onClick={close}>关闭</Button>}
      width={640}
      destroyOnHidden
    >
      <Space direction='vertical' className='console-full-width'>
        <Typography.Paragraph type='secondary' className='console-flush'>
          先下载模板按说明填写，第一行为表头。格式正确的行全部导入，有问题的行不导入并列出行号和原因；改正后可再次导入，已存在的记录会被更新。
        </Typography.Paragraph>
        <a href={volunteerApi.templateUrl(kind)} download>
          <DownloadOutlined /> 下载{VOLUNTEER_KIND_NAMES[kind]}导入模板
        </a>
        <FileDrop
          accept='.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          check={xlsxRefusal}
          onFile={(file) => void send(file)}
          onRefused={(file, reason) => {
            setReport(undefined)
            setFileName(file.name)
            refuse(reason)
          }}
          sending={sending}
          sendingTip='导入中…'
          text='拖入 .xlsx 文件，或点击选择'
          hint={fileName ?? `不超过${FILE_MAX_BYTES / 1024 / 1024}MB`}
        />
        {refusal ? <Alert role='alert' type='error' showIcon message={refusal} /> : null}
        {report ? (
          <div data-testid='import-report'>
            <Alert
              type={report.failed > 0 ? 'warning' : 'success'}
              showIcon
              message={
                report.failed > 0
                  ? `共 ${report.total} 行：导入 ${report.imported} 行，${report.failed} 行有问题未导入`
                  : `共 ${report.total} 行，全部导入`
              }
              className='console-gap-bottom-sm'
            />
            <Descriptions size='small' column={4} bordered>
              <Descriptions.Item label='读取'>{report.total}</Descriptions.Item>
              <Descriptions.Item label='新增'>{report.inserted}</Descriptions.Item>
              <Descriptions.Item label='更新'>{report.updated}</Descriptions.Item>
              <Descriptions.Item label='未导入'>{report.failed}</Descriptions.Item>
            </Descriptions>
            {report.errors.length > 0 ? (
              <Table
                className='console-gap-top-sm'
                size='small'
                rowKey={(e) => `${e.row}-${e.reason}`}
                dataSource={report.errors}
                pagination={report.errors.length > 10 ? { pageSize: 10 } : false}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 80 },
                  { title: '原因', dataIndex: 'reason' },
                ]}
              />
            ) : null}
          </div>
        ) : null}
      </Space>
    </Modal>
  )
}
