import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { adultexam, type VolunteerResult } from '../../api/ems/adultexam'
import { ConfirmButton, Page, TextInput } from '../../components'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { FormCard, FormRow } from '../../components/form'
import { cleanVolunteerForm, validateVolunteerForm, type VolunteerErrors, type VolunteerForm } from '@activity/domain'
import './volunteer.scss'

const TITLE = routeOf('pages/user/volunteer')?.title ?? '志愿查询'
const TEXTS = {
  intro: '输入考生姓名和考生号，查询成人高考录取结果及批次分数线',
  submit: '查询',
  notFound: '未查询到录取信息',
  notFoundHint: '请核对姓名和考生号后重试；录取结果公布前暂无信息',
  admitted: '已录取',
  notAdmitted: '暂未录取',
  scoreLines: '批次分数线',
} as const

type Outcome = { kind: 'none' } | { kind: 'found'; result: VolunteerResult } | { kind: 'notFound' }

function Field({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <View className='volunteer-result__field'>
      <Text className='volunteer-result__label'>{label}</Text>
      <Text className={`volunteer-result__value${strong ? ' volunteer-result__value--strong' : ''}`}>{value}</Text>
    </View>
  )
}

function Result({ result }: { result: VolunteerResult }) {
  return (
    <View className='volunteer-result'>
      <View className='volunteer-result__head'>
        <View>
          <Text className='volunteer-result__name'>{result.name}</Text>
          <Text className='volunteer-result__exam-no'>考生号 {result.examNo}</Text>
        </View>
        <Text className={`volunteer-result__badge volunteer-result__badge--${result.admitted ? 'admitted' : 'waiting'}`}>
          {result.admitted ? TEXTS.admitted : TEXTS.notAdmitted}
        </Text>
      </View>
      <View className='volunteer-result__fields'>
        {result.admitted ? (
          <>
            <Field label='院校' value={result.school ?? ''} strong />
            <Field label='专业' value={result.major ?? ''} strong />
          </>
        ) : null}
        <Field label='批次' value={result.batch} />
        {result.category ? <Field label='科类' value={result.category} /> : null}
        <Field label='年份' value={String(result.year)} />
        <Field label='总分' value={String(result.totalScore)} strong />
      </View>
      {result.scoreLines.length ? (
        <View className='volunteer-lines'>
          <Text className='volunteer-lines__title'>{TEXTS.scoreLines}</Text>
          <View className='volunteer-lines__row volunteer-lines__row--head'>
            <Text>年份</Text>
            <Text>批次</Text>
            <Text>科类</Text>
            <Text>分数线</Text>
            <Text>是否达线</Text>
          </View>
          {result.scoreLines.map((line) => (
            <View className='volunteer-lines__row' key={`${line.year}-${line.batch}-${line.category}`}>
              <Text>{line.year}</Text>
              <Text>{line.batch}</Text>
              <Text>{line.category}</Text>
              <Text>{line.score}</Text>
              <Text className={`volunteer-lines__reached volunteer-lines__reached--${line.reached ? 'yes' : 'no'}`}>
                {line.reached ? '已达线' : '未达线'}
              </Text>
            </View>
          ))}
        </View>
      ) : null}
    </View>
  )
}

/**
 * pages/user/volunteer (志愿查询): name and exam number, checked before sending, then the
 * admission result (院校, 专业, 批次, 年份, 总分) with the batch score lines, or a clear
 * "no result". Public: no session needed.
 */
export default function UserVolunteerPage() {
  const [form, setForm] = useState<VolunteerForm>({ name: '', examNo: '' })
  const [errors, setErrors] = useState<VolunteerErrors>({})
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' })

  const edit = (field: keyof VolunteerForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const submit = async () => {
    const found = validateVolunteerForm(form)
    setErrors(found)
    if (Object.keys(found).length || busy) return
    setBusy(true)
    try {
      const { data } = await adultexam.volunteer.query(cleanVolunteerForm(form))
      setOutcome({ kind: 'found', result: data })
    } catch (err) {
      // The wrapper has toasted the server's words; a refusal (404) is a "no result" on the page too.
      if (err instanceof RequestError && err.kind !== 'network') setOutcome({ kind: 'notFound' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page title={TITLE}>
      <View className='volunteer'>
        <Text className='volunteer__intro'>{TEXTS.intro}</Text>
        <FormCard className='volunteer-form'>
          <FormRow label='姓名' name='name' required error={errors.name}>
            <TextInput value={form.name} placeholder='请输入考生姓名' maxlength={20} onInput={edit('name')} />
          </FormRow>
          <FormRow label='考生号' name='examNo' required error={errors.examNo}>
            <TextInput
              value={form.examNo}
              placeholder='请输入10-18位考生号'
              type='number'
              maxlength={22}
              onInput={edit('examNo')}
              onConfirm={() => void submit()}
            />
          </FormRow>
        </FormCard>
        <View className='volunteer__submit'>
          <ConfirmButton title={TEXTS.submit} loading={busy} onClick={() => void submit()} />
        </View>
        {outcome.kind === 'found' ? <Result result={outcome.result} /> : null}
        {outcome.kind === 'notFound' ? (
          <View className='volunteer-none'>
            <Text className='volunteer-none__title'>{TEXTS.notFound}</Text>
            <Text className='volunteer-none__hint'>{TEXTS.notFoundHint}</Text>
          </View>
        ) : null}
      </View>
    </Page>
  )
}
