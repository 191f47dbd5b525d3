/**
 * 导入线索 from an .xlsx sheet: download the template, choose the file, import. All or nothing:
 * when any row is refused nothing is imported and the report lists each refused row and why
 * (a phone already registered names the earlier clue and its partner).
 */
import { InboxOutlined } from '@ant-design/icons'
import { Alert, App, Button, Modal, Result, Space, Table, Typography, Upload, type UploadFile } from 'antd'
import { useState } from 'react'
import { downloadUrl } from '../../api/client'
import { cluesApi, type ImportReport } from '../../api/clues'
import { useSubmission } from '../../hooks/useSubmission'
import { DEDUP_RULE, DuplicateLine } from './Duplicate'

const MAX_BYTES = 5 * 1024 * 1024

export function ImportClues({ onImported }: { onImported: () => void }) {
  const { message } = App.useApp()
  const [open, setOpen] = useState(false)
  const [file, setFile] = useState<UploadFile>()
  const [report, setReport] = useState<ImportReport>()
  const { submit, refusal, pending, clear } = useSubmission()

  // The list is refreshed once the dialog closes, so the report stays readable until then.
  const closed = () => {
    if (report && report.failed === 0 && report.imported > 0) onImported()
    reset()
  }

  const reset = () => {
    setFile(undefined)
    setReport(undefined)
    clear()
  }

  const start = async () => {
    const raw = file?.originFileObj
    if (!raw || pending) return
    setReport(undefined)
    await submit(async () => {
      const answer = await cluesApi.import(raw)
      setReport(answer)
      if (answer.failed === 0) void message.success(`已导入 ${answer.imported} 条线索`)
    })
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>导入</Button>
      <Modal
        title='导入线索'
        open={open}
        width={760}
        onCancel={() => setOpen(false)}
        afterClose={closed}
        footer={
          <Space>
            <Button onClick={() => setOpen(false)}>关闭</Button>
            <Button type='primary' loading={pending} disabled={!file || pending} onClick={() => void start()}>
              开始导入
            </Button>
          </Space>
        }
      >
        <p>
          按模板填写：合伙人推广码、姓名、手机号为必填，意向专业、备注选填。导入的线索进入公海，来源为「后台导入」。
          <a href={downloadUrl(cluesApi.templatePath)} download data-testid='import-template'>
            下载导入模板
          </a>
        </p>
        <Typography.Paragraph type='secondary'>
          任何一行不符合要求时整份文件都不导入，请按报告修改后重新上传。{DEDUP_RULE}。
        </Typography.Paragraph>
        <Upload.Dragger
          accept='.xlsx'
          maxCount={1}
          fileList={file ? [file] : []}
          beforeUpload={(f) => {
            if (!f.name.toLowerCase().endsWith('.xlsx')) {
              void message.error('请上传.xlsx文件')
              return Upload.LIST_IGNORE
            }
            if (f.size > MAX_BYTES) {
              void message.error('文件不能超过5MB')
              return Upload.LIST_IGNORE
            }
            return false
          }}
          onChange={({ fileList }) => {
            setFile(fileList.at(-1))
            setReport(undefined)
            clear()
          }}
          onRemove={() => reset()}
        >
          <p className='ant-upload-drag-icon'>
            <InboxOutlined />
          </p>
          <p className='ant-upload-text'>点击或拖入 .xlsx 文件</p>
        </Upload.Dragger>

        {refusal ? <Alert role='alert' type='error' showIcon message={refusal} className='console-gap-top' /> : null}
        {report ? (
          report.failed === 0 ? (
            <Result status='success' title={`已导入 ${report.imported} 条线索`} subTitle={`共 ${report.total} 行，全部导入公海`} />
          ) : (
            <div data-testid='import-report' className='console-gap-top'>
              <Alert
                type='error'
                showIcon
                message={`共 ${report.total} 行，其中 ${report.failed} 行不符合要求，本次未导入任何线索`}
                className='console-gap-bottom-sm'
              />
              <Table
                rowKey='row'
                size='small'
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={report.errors}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '原因', dataIndex: 'reason' },
                  {
                    title: '已有线索',
                    dataIndex: 'duplicate',
                    render: (_, row) => (row.duplicate ? <DuplicateLine clue={row.duplicate} /> : '-'),
                  },
                ]}
              />
            </div>
          )
        ) : null}
      </Modal>
    </>
  )
}
