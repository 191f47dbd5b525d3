import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createDepartmentNotFoundError = createErrorFactory({
  key: 'department.notFound',
  code: Code.notFound,
  message: '部门不存在',
})
export const createDepartmentNameTakenError = createErrorFactory({
  key: 'department.nameTaken',
  code: Code.conflict,
  message: '已有同名部门',
})
export const createDepartmentHasMembersError = createErrorFactory({
  key: 'department.hasMembers',
  code: Code.ruleRefused,
  message: '该部门还有成员，请先把成员调到其他部门',
})
export const createOperatorNotFoundError = createErrorFactory({
  key: 'department.operatorNotFound',
  code: Code.notFound,
  message: '操作员不存在',
})
