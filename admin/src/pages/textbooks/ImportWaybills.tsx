/**
 * 导入运单: an .xlsx of waybills for one mailing (学号, 姓名, 快递公司, 运单号 per row; the shared
 * ImportDialog, all or nothing). The report says how many were shipped for the first time, how
 * many replaced a waybill (each recorded in 操作日志) and how many were the same again; with any
 * refused row nothing is imported and every refused row is listed with its reason.
 */
import { type Mailing, textbooksApi } from '../../api/textbooks'
import { ImportDialog } from '../../components/ImportDialog'
import type { DialogControl } from '../../components/LazyDialog'
import { importReport, importSummary } from './textbooks'

export function ImportWaybills({ mailing, onImported, ...control }: { mailing: Mailing; onImported: () => void } & DialogControl) {
  return (
    <ImportDialog<ReturnType<typeof importReport>>
      title={`导入运单：${mailing.title}`}
      unit='条运单'
      upload={async (file) => importReport(await textbooksApi.importWaybills(mailing.id, file))}
      templatePath={textbooksApi.importTemplatePath}
      testIdPrefix='waybill-'
      instructions='按模板每行填写一名学员的学号、快递公司和运单号（姓名仅供核对），学员须已确认收货地址。'
      rule='学号须是本次邮寄名单中的学员，快递公司须是系统支持的快递公司，同一运单号不能出现两次；已有运单的学员导入新单号会替换原单号并记入操作日志'
      importedTo={importSummary}
      onImported={onImported}
      {...control}
    />
  )
}
