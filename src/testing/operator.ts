import type { StaffMe } from '../staff/reducer'

/** An operator as signInfo answers (王老师, 班主任), `over` changed: who the staff tests sign in. */
export function operatorOf(over: Partial<StaffMe> = {}): StaffMe {
  return {
    id: 11,
    account: 'headteacher',
    name: '王老师',
    role: '班主任',
    positionId: 3,
    rights: ['approvals.decide'],
    enabled: true,
    phone: null,
    totpEnabled: false,
    departmentId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  }
}

export const HEAD_TEACHER = operatorOf()
