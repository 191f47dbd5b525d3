/**
 * 审批流程's form (pure; flow-form.test.ts): a kind's flow as the form holds it (each step and
 * copy with its approver's type and, by type, the position or the department), the body the
 * server takes, refused here with the step it concerns when a step misses its name or whom it
 * asks, and when a step is asked, in words.
 */
import { ALL_RIGHTS, isRight, rightLabel } from '@activity/domain'
import { type ApprovalMode, ApproverType, type ApprovalKind } from '@activity/wire'
import type { Approver, Flow, FlowInput } from '../../api/approvals'

export const STEPS_MAX = 10
export const CC_MAX = 10

export interface ApproverValues {
  type?: ApproverType
  positionId?: number
  departmentId?: number
  /** 有权限的操作员: the right they hold (`rollRequests.approve`). */
  right?: string
}

export interface StepValues extends ApproverValues {
  name?: string
  mode?: ApprovalMode
  /** The step is asked only when the request is longer than this many days; empty: always. */
  minDays?: number | null
}

export interface FlowValues {
  steps: StepValues[]
  cc: ApproverValues[]
  overdueHours?: number
  revokeDays?: number
}

/** Only a leave has a length: its steps may depend on it. */
export function takesDays(kind: string): boolean {
  return kind === 'leave'
}

/** A new step: asked of a position, 或签, always. */
export const NEW_STEP: StepValues = { type: 'position', mode: 'any' }

const approverValues = (a: { type: string; positionId?: number; departmentId?: number; right?: string }): ApproverValues => ({
  type: a.type as ApproverType,
  positionId: a.positionId,
  departmentId: a.departmentId,
  right: a.right,
})

/** The form's values for a kind's flow as the server lists it. */
export function flowValues(flow: Flow): FlowValues {
  return {
    steps: flow.steps.map((s) => ({ ...approverValues(s.approver), name: s.name, mode: s.mode as ApprovalMode, minDays: s.minDays })),
    cc: flow.cc.map(approverValues),
    overdueHours: flow.overdueHours,
    revokeDays: flow.revokeDays,
  }
}

/** The approver as the server takes it: the position, department or right its type asks for, nothing else. */
function approverOf(a: ApproverValues, where: string): Approver {
  if (!a.type) throw new Error(`${where}请选择审批人`)
  if (a.type === 'right') {
    if (!a.right || !isRight(a.right)) throw new Error(`${where}请选择权限`)
    return { type: 'right', right: a.right }
  }
  if (a.type === 'position') {
    if (!a.positionId) throw new Error(`${where}请选择岗位`)
    return { type: 'position', positionId: a.positionId }
  }
  if (a.type === 'departmentHead') {
    if (!a.departmentId) throw new Error(`${where}请选择部门`)
    return { type: 'departmentHead', departmentId: a.departmentId }
  }
  return { type: a.type }
}

const sameApprover = (a: Approver, b: Approver) =>
  a.type === b.type && a.positionId === b.positionId && a.departmentId === b.departmentId && a.right === b.right

/**
 * The body of 保存 for `kind`. Throws what to tell the operator (naming the step: 第2步…) when a
 * step misses its name or its approver, or there are no steps or too many; a copy named twice is
 * sent once.
 */
export function flowBody(kind: ApprovalKind, values: FlowValues): FlowInput {
  const steps = values.steps ?? []
  if (steps.length === 0) throw new Error('至少需要一个审批步骤')
  if (steps.length > STEPS_MAX) throw new Error(`审批步骤不能超过${STEPS_MAX}个`)
  const cc: Approver[] = []
  for (const [i, c] of (values.cc ?? []).entries()) {
    const approver = approverOf(c, `第${i + 1}个抄送`)
    if (!cc.some((known) => sameApprover(known, approver))) cc.push(approver)
  }
  if (cc.length > CC_MAX) throw new Error(`抄送不能超过${CC_MAX}项`)
  return {
    kind,
    steps: steps.map((s, i) => {
      const name = s.name?.trim()
      if (!name) throw new Error(`第${i + 1}步请填写步骤名称`)
      const days = takesDays(kind) && s.minDays !== undefined && s.minDays !== null && String(s.minDays) !== '' ? Number(s.minDays) : null
      return { name, approver: approverOf(s, `第${i + 1}步`), mode: s.mode ?? 'any', minDays: days }
    }),
    cc,
    overdueHours: values.overdueHours ?? 24,
    revokeDays: values.revokeDays ?? 7,
  }
}

/** When a step is asked: every time, or for a leave longer than N days. */
export function conditionText(minDays: number | null | undefined): string {
  return minDays === null || minDays === undefined ? '每次都需要' : `请假超过${minDays}天时`
}

/** The approver types as options. */
export const APPROVER_TYPE_OPTIONS = Object.entries(ApproverType).map(([value, label]) => ({ value, label }))

/** The rights a step may ask for (有权限的操作员), labelled as on 岗位: 学籍变更申请 · 审批. */
export const RIGHT_OPTIONS = ALL_RIGHTS.map((right) => ({ value: right, label: rightLabel(right) }))

export interface NamedOption {
  value: number
  label: string
}

/**
 * The positions and departments the flows name already (by their approver's name: 教务处,
 * 招生一部负责人), for an editor that may not read the positions' or departments' own lists.
 */
export function namedInFlows(flows: readonly Flow[]): { positions: NamedOption[]; departments: NamedOption[] } {
  const positions = new Map<number, string>()
  const departments = new Map<number, string>()
  for (const f of flows)
    for (const a of [...f.steps.map((s) => ({ ...s.approver, approverName: s.approverName })), ...f.cc]) {
      if (a.type === 'position' && a.positionId) positions.set(a.positionId, a.approverName)
      if (a.type === 'departmentHead' && a.departmentId) departments.set(a.departmentId, a.approverName.replace(/负责人$/, ''))
    }
  const options = (m: Map<number, string>) => [...m].map(([value, label]) => ({ value, label }))
  return { positions: options(positions), departments: options(departments) }
}

/** Options from a list when it came, else those the flows name. */
export function withKnown(listed: ReadonlyArray<{ id: number; name: string }> | undefined, known: NamedOption[]): NamedOption[] {
  return listed ? listed.map((n) => ({ value: n.id, label: n.name })) : known
}
