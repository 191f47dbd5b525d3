/**
 * 导入线索 from an .xlsx sheet (the shared ImportDialog): a phone already registered is refused,
 * and the report names the earlier clue and its partner.
 */
import { cluesApi } from '../../api/clues'
import { ImportDialog } from '../../components/ImportDialog'
import type { DialogControl } from '../../components/LazyDialog'
import { DEDUP_RULE, DuplicateLine } from './Duplicate'

export function ImportClues({ onImported, ...control }: { onImported: () => void } & DialogControl) {
  return (
    <ImportDialog
      title='导入线索'
      unit='条线索'
      upload={(file) => cluesApi.import(file)}
      templatePath={cluesApi.templatePath}
      instructions='按模板填写：合伙人推广码、姓名、手机号为必填，意向专业、备注选填。导入的线索进入公海，来源为「后台导入」。'
      rule={DEDUP_RULE}
      importedTo='全部导入公海'
      width={760}
      extraColumns={[
        {
          title: '已有线索',
          dataIndex: 'duplicate',
          render: (_, row) => (row.duplicate ? <DuplicateLine clue={row.duplicate} /> : '-'),
        },
      ]}
      onImported={onImported}
      {...control}
    />
  )
}
