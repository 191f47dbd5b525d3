/**
 * 导入学员 from an .xlsx sheet, as the clue import: download the template, choose the file,
 * import. All or nothing: when any row is refused nothing is imported and the report lists each
 * refused row and why.
 */
import { InboxOutlined } from '@ant-design/icons'
import { Alert, App, Button, Modal, Result, Space, Table, Typography, Upload, type UploadFile } from 'antd'
import { useState } from 'react'
import { downloadUrl } from '../../api/client'
import { type StudentImportReport, studentsApi } from '../../api/students'
import { useSubmission } from '../../hooks/useSubmission'

const MAX_BYTES = 5 * 1024 * 1024

export function ImportStudents({ onImported }: { onImported: () => void }) {
  const { message } = App.useApp()
  const [open, setOpen] = useState(false)
  const [file, setFile] = useState<UploadFile>()
  const [report, setReport] = useState<StudentImportReport>()
  const { submit, refusal, pending, clear } = useSubmission()

  const reset = () => {
    setFile(undefined)
    setReport(undefined)
    clear()
  }

  // The list is refreshed once the dialog closes, so the report stays readable until then.
  const closed = () => {
    if (report && report.failed === 0 && report.imported > 0) onImported()
    reset()
  }

  const start = async () => {
    const raw = file?.originFileObj
    if (!raw || pending) return
    setReport(undefined)
    await submit(async () => {
      const answer = await studentsApi.import(raw)
      setReport(answer)
      if (answer.failed === 0) void message.success(`已导入 ${answer.imported} 名学员`)
    })
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>导入</Button>
      <Modal
        title='导入学员'
        open={open}
        width={720}
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
          按模板填写：姓名、手机号、教育类型、学校、专业、层次、年份、批次为必填，其余选填。导入的学员状态为「在读」。
          <a href={downloadUrl(studentsApi.templatePath)} download data-testid='student-import-template'>
            下载导入模板
          </a>
        </p>
        <Typography.Paragraph type='secondary'>
          任何一行不符合要求时整份文件都不导入，请按报告修改后重新上传。已登记为学员的手机号、已存在的学号不能重复导入。
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
            <Result status='success' title={`已导入 ${report.imported} 名学员`} subTitle={`共 ${report.total} 行，全部导入`} />
          ) : (
            <div data-testid='student-import-report' className='console-gap-top'>
              <Alert
                type='error'
                showIcon
                message={`共 ${report.total} 行，其中 ${report.failed} 行不符合要求，本次未导入任何学员`}
                className='console-gap-bottom-sm'
              />
              <Table
                rowKey={(row) => `${row.row}-${row.reason}`}
                size='small'
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={report.errors}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '原因', dataIndex: 'reason' },
                ]}
              />
            </div>
          )
        ) : null}
      </Modal>
    </>
  )
}
