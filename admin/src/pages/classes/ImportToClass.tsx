/** 导入分班: an .xlsx of phones or student numbers put in one class (the shared ImportDialog, all or nothing). */
import { classesApi, type SchoolClass } from '../../api/classes'
import { ImportDialog } from '../../components/ImportDialog'
import type { DialogControl } from '../../components/LazyDialog'

export function ImportToClass({ klass, onImported, ...control }: { klass: SchoolClass; onImported: () => void } & DialogControl) {
  return (
    <ImportDialog
      title={`导入分班：${klass.name}`}
      unit='名学员'
      upload={(file) => classesApi.import(klass.id, file)}
      templatePath={classesApi.importTemplatePath}
      testIdPrefix='class-'
      instructions='按模板每行填写一名学员的手机号或学号（姓名仅供核对）；已在其他班级的学员会转入本班。'
      rule='每行须能找到已登记的学员，同一名学员不能出现两次'
      importedTo='全部分入本班'
      onImported={onImported}
      {...control}
    />
  )
}
