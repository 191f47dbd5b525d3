/**
 * An .xlsx import (导入线索, 导入学员, 导入题目), opened from a list's 导入 button through
 * lazyDialog, so a list does not load the upload with its first paint: download the template, fill in the
 * import's own fields if it has any (导入到课程), choose the file, import. All or nothing: when any
 * row is refused nothing is imported and the report lists each refused row and why; or row by row
 * (`rowByRow`, 导入题目): the good rows go in and the report lists the refused ones. The list behind
 * it is refreshed once the dialog closes, so the report stays readable until then.
 */
import { InboxOutlined } from '@ant-design/icons'
import { Alert, App, Button, Modal, Result, Space, Table, Typography, Upload, type UploadFile } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { type ReactNode, useEffect, useState } from 'react'
import { downloadUrl } from '../api/client'
import { useSubmission } from '../hooks/useSubmission'
import type { DialogControl } from './LazyDialog'

const MAX_BYTES = 5 * 1024 * 1024

/** What every import answers: rows read, rows saved (all or none; row by row, the good ones), and the refused rows. */
export interface ImportReportBase {
  total: number
  imported: number
  failed: number
  errors: Array<{ row: number; reason: string }>
}

/** The refused rows: row number, reason, and what the import adds (the earlier clue). */
function ErrorTable<E extends ImportReportBase['errors'][number]>({ errors, extraColumns }: { errors: E[]; extraColumns: ColumnsType<E> }) {
  return (
    <Table
      rowKey={(row) => `${row.row}-${row.reason}`}
      size='small'
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      dataSource={errors}
      columns={[{ title: '行号', dataIndex: 'row', width: 70 }, { title: '原因', dataIndex: 'reason' }, ...extraColumns]}
    />
  )
}

/** All or nothing (the default), or row by row: the good rows go in, the refused ones are reported. */
type ImportMode<R> =
  | {
      rowByRow?: false
      /** The success line's subtitle after 共 N 行: 全部导入公海; or the whole subtitle, from the report (新发货 10，更换运单 1). */
      importedTo: string | ((report: R) => string)
    }
  | { rowByRow: true; importedTo?: never }

export function ImportDialog<R extends ImportReportBase>({
  title,
  unit,
  upload,
  templatePath,
  testIdPrefix = '',
  instructions,
  rule,
  importedTo,
  rowByRow = false,
  extraFields,
  ready = true,
  onOpen,
  extraColumns = [],
  width = 720,
  onImported,
  open,
  onOpenChange,
}: ImportMode<R> & {
  /** The dialog's title: 导入线索. */
  title: string
  /** What one row becomes, with its measure word: 条线索, 名学员. */
  unit: string
  upload: (file: File) => Promise<R>
  templatePath: string
  /** Prefixes the test ids import-template and import-report. */
  testIdPrefix?: string
  /** Which columns the template needs, and where the rows go. */
  instructions: ReactNode
  /** Which rows are refused besides malformed ones (duplicates); row by row, the whole paragraph on what is imported. */
  rule: ReactNode
  /** The import's own fields, above the file (导入到课程); `changed` drops the report of the earlier choice. */
  extraFields?: (changed: () => void) => ReactNode
  /** False while an extra field still needs a value: 开始导入 waits for it. */
  ready?: boolean
  /** When the dialog opens (the extra fields back to their defaults). */
  onOpen?: () => void
  extraColumns?: ColumnsType<R['errors'][number]>
  width?: number
  onImported: () => void
} & DialogControl) {
  const { message } = App.useApp()
  // The extra fields start from their defaults at each opening.
  useEffect(() => {
    if (open) onOpen?.()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening, whatever onOpen is this render
  }, [open])
  const [file, setFile] = useState<UploadFile>()
  const [report, setReport] = useState<R>()
  const { submit, refusal, pending, clear } = useSubmission()

  const reset = () => {
    setFile(undefined)
    setReport(undefined)
    clear()
  }

  const closed = () => {
    if (report && report.imported > 0 && (rowByRow || report.failed === 0)) onImported()
    reset()
  }

  const changed = () => {
    setReport(undefined)
    clear()
  }

  const start = async () => {
    const raw = file?.originFileObj
    if (!raw || !ready || pending) return
    setReport(undefined)
    await submit(async () => {
      const answer = await upload(raw)
      setReport(answer)
      if (answer.failed === 0) void message.success(`已导入 ${answer.imported} ${unit}`)
    })
  }

  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={() => onOpenChange(false)}
      afterClose={closed}
      footer={
        <Space>
          <Button onClick={() => onOpenChange(false)}>关闭</Button>
          <Button type='primary' loading={pending} disabled={!file || !ready || pending} onClick={() => void start()}>
            开始导入
          </Button>
        </Space>
      }
    >
      <p>
        {instructions}
        <a href={downloadUrl(templatePath)} download data-testid={`${testIdPrefix}import-template`}>
          下载导入模板
        </a>
      </p>
      {rowByRow ? (
        <Typography.Paragraph type='secondary'>{rule}</Typography.Paragraph>
      ) : (
        <Typography.Paragraph type='secondary'>任何一行不符合要求时整份文件都不导入，请按报告修改后重新上传。{rule}。</Typography.Paragraph>
      )}
      {extraFields?.(changed)}
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
          changed()
        }}
        onRemove={() => reset()}
      >
        <p className='ant-upload-drag-icon'>
          <InboxOutlined />
        </p>
        <p className='ant-upload-text'>点击或拖入 .xlsx 文件</p>
      </Upload.Dragger>

      {refusal ? <Alert role='alert' type='error' showIcon message={refusal} className='console-gap-top' /> : null}
      {report && rowByRow ? (
        <div data-testid={`${testIdPrefix}import-report`} className='console-gap-top'>
          <Alert
            type={report.failed === 0 ? 'success' : report.imported === 0 ? 'error' : 'warning'}
            showIcon
            message={`已导入 ${report.imported} ${unit.slice(0, 1)}，失败 ${report.failed} 行`}
            description={report.failed > 0 ? '以下各行未导入，请按原因修改后重新导入这些行。' : undefined}
            className='console-gap-bottom-sm'
          />
          {report.errors.length > 0 ? <ErrorTable errors={report.errors} extraColumns={extraColumns} /> : null}
        </div>
      ) : report ? (
        report.failed === 0 ? (
          <Result
            status='success'
            title={`已导入 ${report.imported} ${unit}`}
            subTitle={typeof importedTo === 'function' ? importedTo(report) : `共 ${report.total} 行，${importedTo}`}
          />
        ) : (
          <div data-testid={`${testIdPrefix}import-report`} className='console-gap-top'>
            <Alert
              type='error'
              showIcon
              message={`共 ${report.total} 行，其中 ${report.failed} 行不符合要求，本次未导入任何${unit.slice(1)}`}
              className='console-gap-bottom-sm'
            />
            <ErrorTable errors={report.errors} extraColumns={extraColumns} />
          </div>
        )
      ) : null}
    </Modal>
  )
}
