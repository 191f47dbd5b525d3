import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ALL_RIGHTS, BUILTIN_RIGHTS } from '@activity/domain'
import { MENU_GROUPS, ROUTES } from '../routes'
import { groupOf, menuOf, selectedEntry } from './menu'

const outline = (rights: readonly string[]) =>
  menuOf(ROUTES, MENU_GROUPS, rights).map((m) => (m.routes ? `${m.name}: ${m.routes.map((r) => r.name).join(' ')}` : m.name))

test("the administrator's menu: 工作台, then the office's groups in their order, every screen in one", () => {
  assert.deepEqual(outline(ALL_RIGHTS), [
    '工作台',
    '招生: 合伙人 线索 活动 海报 档位 志愿数据',
    '教务: 学员 班级 课表 考勤 学籍变更申请 审批 审批流程 通知公告 夜校课程',
    '教学: 课程列表 课程分类 题库 试卷 答疑',
    '教材: 教材邮寄 运单 物流异常',
    '毕业: 毕业照片 毕业论文 毕业审核 毕业生',
    '财务: 缴费单 收费标准 优惠券 订单 提现 资金流水',
    '积分: 积分途径 积分等级 学员积分 积分记录 积分申请 商品 兑换订单',
    '统计: 目标看板 招生目标',
    '系统: 操作员 岗位 部门 设置 登录记录 操作日志 APP 版本 内容',
  ])
})

test('a position sees only the screens its rights open, and no group it cannot open anything in', () => {
  const teacher = outline(BUILTIN_RIGHTS.enrollTeacher)
  for (const line of teacher) assert.doesNotMatch(line, /操作员|岗位|设置|提现|资金流水/, line)
  assert.ok(teacher.some((line) => line.startsWith('招生: ') && line.includes('线索')))
  // 工作台, and what every operator has of their own (审批 they are asked for, 目标看板, 登录记录).
  assert.deepEqual(outline(['dashboard.view']), ['工作台', '教务: 审批', '统计: 目标看板', '系统: 登录记录'])
})

test('课表 opens with 查看全部 or 排课与点名; 考勤 (every class’s figures) with 查看全部 only', () => {
  assert.ok(outline(['attendance.edit']).includes('教务: 课表 审批'))
  assert.ok(outline(['attendance.view']).includes('教务: 课表 考勤 审批'))
  assert.ok(outline(['attendance.export']).includes('教务: 审批'))
})

test('a detail screen lights its list in the menu, and the group holding it opens', () => {
  const menu = menuOf(ROUTES, MENU_GROUPS, ALL_RIGHTS)
  assert.equal(selectedEntry(menu, '/partners/12'), '/partners')
  assert.equal(selectedEntry(menu, '/night/classes/3'), '/night/classes')
  assert.equal(selectedEntry(menu, '/graduation/photos/2'), '/graduation/photos')
  assert.equal(selectedEntry(menu, '/thesis/1/students'), '/thesis')
  assert.equal(selectedEntry(menu, '/textbooks/3'), '/textbooks')
  // The longest entry holding the address: 运单 under 教材邮寄's own address.
  assert.equal(selectedEntry(menu, '/textbooks/parcels'), '/textbooks/parcels')
  assert.equal(selectedEntry(menu, '/textbooks/exceptions'), '/textbooks/exceptions')
  assert.equal(selectedEntry(menu, '/attendance/statistics'), '/attendance')
  assert.equal(selectedEntry(menu, '/dashboard'), '/dashboard')
  assert.equal(groupOf(menu, selectedEntry(menu, '/partners/12')), '/~enrolment')
  assert.equal(groupOf(menu, '/fee-orders'), '/~finance')
  assert.equal(groupOf(menu, '/graduation/photos'), '/~graduation')
  // 工作台 sits on the first level: no group to open.
  assert.equal(groupOf(menu, '/dashboard'), undefined)
})
