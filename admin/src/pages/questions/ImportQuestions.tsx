/**
 * 导入题目 from an .xlsx sheet into one course: download the template (one example row per type,
 * instructions on a second sheet), choose the course and the file, import. Unlike the student
 * import, good rows go in and bad rows are reported (row number and reason) to be fixed and
 * imported again. The list behind is refreshed once the dialog closes, so the report stays
 * readable until then.
 */
import { InboxOutlined } from '@ant-design/icons'
import { Alert, App, Button, Form, Modal, Select, Space, Table, Typography, Upload, type UploadFile } from 'antd'
import { useState } from 'react'
import { downloadUrl } from '../../api/client'
import { type QuestionImportReport, questionsApi } from '../../api/questions'
import { useCourseOptions } from '../../hooks/useCourseOptions'
import { useSubmission } from '../../hooks/useSubmission'

const MAX_BYTES = 5 * 1024 * 1024

export function ImportQuestions({ courseId, onImported }: { courseId?: number; onImported: () => void }) {
  const { message } = App.useApp()
  const courses = useCourseOptions()
  const [open, setOpen] = useState(false)
  const [course, setCourse] = useState<number | undefined>(courseId)
  const [file, setFile] = useState<UploadFile>()
  const [report, setReport] = useState<QuestionImportReport>()
  const { submit, refusal, pending, clear } = useSubmission()

  const reset = () => {
    setFile(undefined)
    setReport(undefined)
    clear()
  }

  const start = async () => {
    const raw = file?.originFileObj
    if (!raw || !course || pending) return
    setReport(undefined)
    await submit(async () => {
      const answer = await questionsApi.import(course, raw)
      setReport(answer)
      if (answer.failed === 0) void message.success(`已导入 ${answer.imported} 道题目`)
    })
  }

  const failedRows = report?.rows.filter((r) => !r.ok) ?? []

  return (
    <>
      <Button
        onClick={() => {
          setCourse(courseId)
          setOpen(true)
        }}
      >
        导入
      </Button>
      <Modal
        title='导入题目'
        open={open}
        width={760}
        onCancel={() => setOpen(false)}
        afterClose={() => {
          if (report && report.imported > 0) onImported()
          reset()
        }}
        footer={
          <Space>
            <Button onClick={() => setOpen(false)}>关闭</Button>
            <Button type='primary' loading={pending} disabled={!file || !course || pending} onClick={() => void start()}>
              开始导入
            </Button>
          </Space>
        }
      >
        <p>
          按模板填写：题型、难度、题干、答案为必填；单选题和多选题从选项A起填2到8个选项，答案填字母（多选如
          AC）；判断题答案填「正确」或「错误」；填空题各空的答案用「;」分隔，一个空有多个可接受的答案用「|」分隔；章节填本课程的章节名称，可不填。
          <a href={downloadUrl(questionsApi.templatePath)} download data-testid='question-import-template'>
            下载导入模板
          </a>
        </p>
        <Typography.Paragraph type='secondary'>
          符合要求的行全部导入，不符合要求的行列在报告里，修改后可只把这些行重新导入（与本课程已有题目题型和题干都相同的行视为重复，不会再次导入）。一次最多2000行。
        </Typography.Paragraph>
        <Form layout='vertical'>
          <Form.Item label='导入到课程' required>
            <Select<number>
              aria-label='导入到课程'
              value={course}
              onChange={(value) => {
                setCourse(value)
                setReport(undefined)
                clear()
              }}
              options={courses.options}
              loading={courses.loading}
              showSearch
              optionFilterProp='label'
              placeholder='选择课程'
              className='console-field-lg'
            />
          </Form.Item>
        </Form>
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
          <div data-testid='question-import-report' className='console-gap-top'>
            <Alert
              type={report.failed === 0 ? 'success' : report.imported === 0 ? 'error' : 'warning'}
              showIcon
              message={`已导入 ${report.imported} 道，失败 ${report.failed} 行`}
              description={report.failed > 0 ? '以下各行未导入，请按原因修改后重新导入这些行。' : undefined}
              className='console-gap-bottom-sm'
            />
            {failedRows.length > 0 ? (
              <Table
                rowKey={(row) => `${row.row}-${row.message}`}
                size='small'
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={failedRows}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '原因', dataIndex: 'message' },
                ]}
              />
            ) : null}
          </div>
        ) : null}
      </Modal>
    </>
  )
}
