/**
 * 设置 (管理员): the office's settings. 学校名称 is what the console carries (title, browser tab,
 * sign-in screen); 佣金待学员缴学费后解冻 keeps a deal's commission frozen
 * until its student's first tuition order is paid (a refund of that order claws it back); the
 * receipt's payee and seal image are printed on every receipt issued from now on.
 */
import { PageForm, SwitchField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { SCHOOL_NAME_MAX } from '@activity/domain'
import { SettingKey } from '@activity/wire'
import { App, Card, Skeleton } from 'antd'
import { settingsApi, type Settings as SettingsData } from '../../api/settings'
import { LoadFailure } from '../../components/LoadFailure'
import { useRemote } from '../../hooks/useRemote'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'
import { requiredText } from '../../form-rules'
import { setSchoolName } from '../../school'

interface Values {
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
})

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
          </PageForm>
        </Card>
      )}
    </PageContainer>
  )
}
