/**
 * Import admission results or score lines from .xlsx: the template to fill in, the file (type
 * and size checked before sending), and the server's report row by row: rows with a problem are
 * listed with the reason and not imported; the good rows are saved (existing ones updated).
 */
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons'
import { Alert, Button, Descriptions, Modal, Space, Spin, Table, Typography, Upload } from 'antd'
import { useState } from 'react'
import { type ImportReport, volunteerApi, type VolunteerKind } from '../../api/volunteer'
import { useSubmission } from '../../hooks/useSubmission'

/** The back-office's default upload limit (UPLOAD_LIMIT_BYTES). */
const FILE_MAX_BYTES = 5 * 1024 * 1024

const WHAT: Record<VolunteerKind, string> = { studentExamInfo: '录取信息', scoreLine: '分数线' }

export function xlsxRefusal(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return '请上传.xlsx文件'
  if (file.size > FILE_MAX_BYTES) return `文件不能超过${FILE_MAX_BYTES / 1024 / 1024}MB`
  if (file.size === 0) return '文件是空的'
  return null
}

export function VolunteerImport({ kind, onImported }: { kind: VolunteerKind; onImported: () => void }) {
  const [open, setOpen] = useState(false)
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
    setOpen(false)
    setReport(undefined)
    clear()
    setFileName(undefined)
  }

  return (
    <>
      <Button type='primary' icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        导入{WHAT[kind]}
      </Button>
      <Modal
        title={`导入${WHAT[kind]}`}
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
            <DownloadOutlined /> 下载{WHAT[kind]}导入模板
          </a>
          <Spin spinning={sending} tip='导入中…'>
            <Upload.Dragger
              accept='.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
              multiple={false}
              showUploadList={false}
              beforeUpload={(file) => {
                void send(file)
                return Upload.LIST_IGNORE
              }}
              onDrop={(e) => {
                // A dropped file of another type is filtered out by `accept` without a word: say why.
                const files = Array.from(e.dataTransfer.files)
                const refused = files.map(xlsxRefusal)
                if (files.length > 0 && files.every((f) => !/\.xlsx$/i.test(f.name))) {
                  setReport(undefined)
                  setFileName(files[0]?.name)
                  if (refused[0]) refuse(refused[0])
                }
              }}
            >
              <p className='ant-upload-drag-icon'>
                <InboxOutlined />
              </p>
              <p className='ant-upload-text'>拖入 .xlsx 文件，或点击选择</p>
              <p className='ant-upload-hint'>{fileName ?? `不超过${FILE_MAX_BYTES / 1024 / 1024}MB`}</p>
            </Upload.Dragger>
          </Spin>
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
    </>
  )
}
