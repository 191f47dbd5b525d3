/**
 * 设置 (管理员): the office's settings. 学校名称 is what the console carries (title, browser tab,
 * sign-in screen); 佣金待学员缴学费后解冻 keeps a deal's commission frozen
 * until its student's first tuition order is paid (a refund of that order claws it back); the
 * receipt's payee and seal image are printed on every receipt issued from now on. 考勤设置: when a
 * face-to-face session opens for check-in and when a scan is late, whether 请假 counts in 应出勤,
 * the absence warning, 补卡 a month, and the holidays 排课 skips (attendance-settings.ts).
 */
import { FieldGroup, NumberField, PageForm, SwitchField, TextAreaField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { SCHOOL_NAME_MAX } from '@activity/domain'
import { SettingKey } from '@activity/wire'
import { App, Card, Divider, Skeleton } from 'antd'
import { settingsApi, type Settings as SettingsData } from '../../api/settings'
import { LoadFailure } from '../../components/LoadFailure'
import { useRemote } from '../../hooks/useRemote'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'
import { requiredText } from '../../form-rules'
import { setSchoolName } from '../../school'
import {
  attendanceSettingsBody,
  attendanceSettingsValues,
  type AttendanceSettingsValues,
  holidaysRefusal,
  LIMITS,
} from './attendance-settings'

interface Values extends AttendanceSettingsValues {
  schoolName: string
  untilTuitionPaid: boolean
  payee: string
  seal: string
}

const toValues = (s: SettingsData): Values => ({
  schoolName: s[SettingKey.schoolName],
  untilTuitionPaid: s[SettingKey.commissionUntilTuitionPaid],
  payee: s[SettingKey.receiptPayee],
  seal: s[SettingKey.receiptSeal],
  ...attendanceSettingsValues(s),
})

/** A whole number of the section, within the server's limits. */
function WholeField({ name, label, unit, extra }: { name: keyof typeof LIMITS; label: string; unit: string; extra: string }) {
  const { min, max } = LIMITS[name]
  return (
    <NumberField
      name={name}
      label={label}
      width='sm'
      min={min}
      max={max}
      extra={extra}
      fieldProps={{ precision: 0, suffix: unit }}
      rules={[{ required: true, message: `请填写${label}` }]}
    />
  )
}

export default function Settings() {
  const { message } = App.useApp()
  const { canManageSettings } = useAccess()
  const { data, error, reload } = useRemote(() => settingsApi.get(), [])
  const { submit, shown, clear } = useSubmission()

  return (
    <PageContainer title='设置'>
      {error && !data ? (
        <LoadFailure title='设置加载失败' error={error} onRetry={reload} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Card>
          <PageForm<Values>
            initialValues={toValues(data)}
            disabled={!canManageSettings}
            onValuesChange={clear}
            submitter={{ searchConfig: { submitText: '保存' }, resetButtonProps: false }}
            onFinish={async (v) => {
              const ok = await submit(async () => {
                await settingsApi.save({
                  [SettingKey.schoolName]: v.schoolName.trim(),
                  [SettingKey.commissionUntilTuitionPaid]: v.untilTuitionPaid,
                  [SettingKey.receiptPayee]: v.payee.trim(),
                  [SettingKey.receiptSeal]: (v.seal ?? '').trim(),
                  ...attendanceSettingsBody(v),
                })
              })
              if (ok) {
                setSchoolName(v.schoolName)
                message.success('设置已保存')
                reload()
              }
              return ok
            }}
          >
            {shown}
            <TextField
              name='schoolName'
              label='学校名称'
              width='md'
              extra='后台标题、浏览器标签页和登录页显示的名称'
              rules={[...requiredText('学校名称', SCHOOL_NAME_MAX), { pattern: /^[^<>]*$/, message: '学校名称不能含有 < 或 >' }]}
            />
            <SwitchField
              name='untilTuitionPaid'
              label='佣金待学员缴学费后解冻'
              extra='开启后，新成交的佣金一直冻结，直到该线索的学员缴清首笔学费；该学费全额退款时佣金撤回。关闭时按冻结天数解冻。'
            />
            <TextField name='payee' label='收据收款单位' width='lg' rules={requiredText('收款单位', 60)} />
            <TextField
              name='seal'
              label='收据印章图片地址'
              width='xl'
              placeholder='https://… 或 /files/…'
              extra='不填则收据上绘制收款单位的圆形印章'
              rules={[{ pattern: /^(https:\/\/|\/)\S*$/, message: '印章图片地址须以 https:// 或 / 开头' }]}
            />
            <Divider orientation='left'>考勤设置</Divider>
            <FieldGroup>
              <WholeField name='opensMinutes' label='提前开放签到' unit='分钟' extra='开课前多少分钟起可扫码签到' />
              <WholeField name='lateMinutes' label='迟到判定' unit='分钟' extra='开课后多少分钟起扫码记为迟到' />
            </FieldGroup>
            <SwitchField
              name='leaveCounted'
              label='请假计入应出勤'
              extra='开启：应出勤 = 已结束的课次（含请假），请假会拉低出勤率；关闭：应出勤不含请假的课次。'
            />
            <FieldGroup>
              <WholeField name='warnPercent' label='预警缺勤率' unit='%' extra='缺勤率达到此值时提醒学员，并列入预警名单' />
              <WholeField name='warnMinSessions' label='预警起算课次' unit='节' extra='已结束的课次满此数后才预警' />
              <WholeField name='makeUpPerMonth' label='每月补卡次数' unit='次' extra='学员每月可申请补卡的次数' />
            </FieldGroup>
            <TextAreaField
              name='holidays'
              label='节假日'
              width='md'
              placeholder={'2026-10-01\n2026-10-02'}
              extra='排课时跳过这些日期；每行一个日期，格式 YYYY-MM-DD'
              fieldProps={{ autoSize: { minRows: 3, maxRows: 10 } }}
              rules={[
                {
                  validator: async (_, text?: string) => {
                    const wrong = holidaysRefusal(text)
                    if (wrong) throw new Error(wrong)
                  },
                },
              ]}
            />
          </PageForm>
        </Card>
      )}
    </PageContainer>
  )
}
