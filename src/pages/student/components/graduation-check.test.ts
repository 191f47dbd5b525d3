import { GRADUATION_CHECKS, GraduationCheck, GraduationState } from '@activity/wire'
import type { GraduationCondition, GraduationMine } from '../../../api/ems/education'
import { ROUTES } from '../../../routes'
import { stepOf } from '../../../testing/approvals'
import { ASK_OFFICE, fixLinkOf, refusalReason, stateTone, summaryOf, unmetCount } from './graduation-check'

const condition = (kind: GraduationCheck, met: boolean): GraduationCondition => ({ key: kind, kind, name: kind, met, detail: '' })
const checklist = (...met: boolean[]) => met.map((m, i) => condition(GRADUATION_CHECKS[i]!, m))

function approvalOf(status: '审批中' | '已驳回', comment: string | null): NonNullable<GraduationMine['approval']> {
  return {
    id: 51,
    kind: 'graduation',
    kindName: '毕业审核',
    subjectId: 3,
    title: '林小雨的毕业审核',
    fields: [],
    applicantName: '林小雨',
    submittedByName: '张教务',
    status,
    createdAt: '2026-05-02T02:00:00.000Z',
    decidedAt: null,
    steps: [
      status === '已驳回'
        ? stepOf({
            status: '已驳回',
            approvers: [
              {
                adminId: 11,
                name: '王老师',
                decision: 'refuse',
                decisionName: '驳回',
                comment,
                actedAt: '2026-05-03T02:00:00.000Z',
              },
            ],
          })
        : stepOf(),
    ],
    timeline: [],
    can: { decide: false, withdraw: false, revoke: false, resubmit: false },
  }
}

describe("毕业审核's page rules", () => {
  it('sends a student to the page where each kind of condition is fixed: fees, courses, exams, thesis, photo and the roll', () => {
    expect(fixLinkOf(GraduationCheck.tuition)?.url).toBe('/pages/fee/index')
    expect(fixLinkOf(GraduationCheck.courses)?.url).toBe('/pages/study/index')
    expect(fixLinkOf(GraduationCheck.exams)?.url).toBe('/pages/study/exam')
    expect(fixLinkOf(GraduationCheck.thesis)?.url).toBe('/pages/student/thesis')
    expect(fixLinkOf(GraduationCheck.photo)?.url).toBe('/pages/student/graduationPhoto')
    expect(fixLinkOf(GraduationCheck.roll)?.url).toBe('/pages/student/roll')
  })

  it('links every kind but 其他 to a page of the route table; 其他 has no page and the student asks the school', () => {
    const pages = new Set(ROUTES.map((r) => `/${r.path}`))
    for (const kind of GRADUATION_CHECKS.filter((k) => k !== GraduationCheck.manual)) {
      expect(pages).toContain(fixLinkOf(kind)?.url)
    }
    expect(fixLinkOf(GraduationCheck.manual)).toBeNull()
    expect(ASK_OFFICE).toBe('请联系班主任或教务处')
  })

  it('counts the conditions not met', () => {
    expect(unmetCount(checklist(true, false, true, false))).toBe(2)
    expect(unmetCount([])).toBe(0)
  })

  it('sums the checklist up by where the student stands', () => {
    expect(summaryOf({ state: GraduationState.blocked, checklist: checklist(true, false, false) })).toBe('还有2项未满足')
    expect(summaryOf({ state: GraduationState.ready, checklist: checklist(true, true) })).toBe('条件已全部满足，等待教务处提交审核')
    expect(summaryOf({ state: GraduationState.pending, checklist: checklist(true) })).toBe('毕业审核中，请等待审批结果')
    expect(summaryOf({ state: GraduationState.refused, checklist: checklist(true, false) })).toBe('毕业审核未通过，还有1项未满足')
    expect(summaryOf({ state: GraduationState.refused, checklist: checklist(true) })).toBe('毕业审核未通过，条件满足后将重新提交审核')
    expect(summaryOf({ state: GraduationState.graduated, checklist: checklist(true) })).toBe('恭喜你，已顺利毕业')
    expect(summaryOf({ state: null, checklist: [] })).toBeNull()
  })

  it('tags a refused or blocked state red, one under review orange, a graduate green', () => {
    expect(stateTone(GraduationState.blocked)).toBe('red')
    expect(stateTone(GraduationState.refused)).toBe('red')
    expect(stateTone(GraduationState.ready)).toBe('blue')
    expect(stateTone(GraduationState.pending)).toBe('orange')
    expect(stateTone(GraduationState.graduated)).toBe('green')
  })

  it("finds a refused audit's reason in the refusing approver's comment, and none for an audit not refused", () => {
    expect(refusalReason(approvalOf('已驳回', ' 毕业论文成绩未录入 '))).toBe('毕业论文成绩未录入')
    expect(refusalReason(approvalOf('已驳回', null))).toBeNull()
    expect(refusalReason(approvalOf('审批中', null))).toBeNull()
    expect(refusalReason(null)).toBeNull()
  })
})
