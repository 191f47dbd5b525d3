import { useState } from 'react'
import { Text, Textarea, View } from '@tarojs/components'
import { PointsApplicationStatus, PointsWayKind } from '@activity/wire'
import { point, type PointsApplication } from '../../api/zms/point'
import ConfirmButton from '../../components/confirm-button'
import ListFooter from '../../components/list-footer'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import SelectPicker from '../../components/select-picker'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { FormCard, FormError, FormRow } from '../../components/form'
import PointsImages, { type DraftImage } from './components/points-images'
import './apply.scss'

const TITLE = routeOf('pages/points/apply')?.title ?? '积分申请'
const DESCRIPTION_MAX = 500
const STATUS_LOOK: Record<string, string> = {
  [PointsApplicationStatus.pending]: '',
  [PointsApplicationStatus.approved]: ' points-status--done',
  [PointsApplicationStatus.refused]: ' points-status--bad',
}

function ApplicationCard({ application: a }: { application: PointsApplication }) {
  return (
    <View className='points-application'>
      <View className='points-application__row'>
        <Text className='points-application__way'>{a.wayName}</Text>
        <Text className={`points-status${STATUS_LOOK[a.status] ?? ''}`}>
          {a.status === PointsApplicationStatus.approved && a.points ? `${a.status} +${a.points}` : a.status}
        </Text>
      </View>
      <Text className='points-application__desc'>{a.description}</Text>
      {a.note ? <Text className='points-application__note'>{`审核意见：${a.note}`}</Text> : null}
      <Text className='points-application__time'>{formatDate(a.createdAt, 'yyyy-MM-dd hh:mm')}</Text>
    </View>
  )
}

/**
 * 积分申请: after an offline activity, the student describes it and adds photos; the office reviews
 * it (the points arrive on approval, with a message). My applications below, newest first.
 */
export default function PointsApplyPage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const summary = useRemote((options) => remember(point.studentPoint.listForClient(undefined, options)), signedIn)
  const ways = (summary.data?.ways ?? []).filter((w) => w.kind === PointsWayKind.offline)
  const [wayId, setWayId] = useState<number | null>(null)
  const [description, setDescription] = useState('')
  const [images, setImages] = useState<DraftImage[]>([])
  const [errors, setErrors] = useState<{ way?: string; description?: string }>({})
  const [refusal, setRefusal] = useState<string>()
  const [busy, setBusy] = useState(false)
  const list = usePagedList<PointsApplication>(
    (page, size, options) => point.studentPointRecord.listForClient({ page, size }, options),
    '',
    signedIn && !notStudent,
  )
  const chosen = wayId ?? (ways.length === 1 ? ways[0]!.id : null)

  const submit = async () => {
    if (busy) return
    const found = {
      way: chosen === null ? '请选择申请的途径' : undefined,
      description: !description.trim() ? '请填写申请说明' : undefined,
    }
    setErrors(found)
    if (found.way || found.description) return
    setBusy(true)
    setRefusal(undefined)
    try {
      await point.studentPointRecord.applyPoint(
        { wayId: chosen!, description: description.trim(), images: JSON.stringify(images.map((i) => i.key)) },
        { loadingTitle: '提交中' },
      )
      setDescription('')
      setImages([])
      await list.refresh()
      useStore.getState().showToast('已提交，等待审核')
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : undefined)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <>
          {summary.data && ways.length === 0 ? (
            <View className='points-apply__none'>暂无可申请积分的线下活动</View>
          ) : (
            <View className='points-apply'>
              <FormCard title='申请积分'>
                <FormRow name='way' label='途径' required error={errors.way}>
                  <SelectPicker
                    range={ways.map((w) => ({ label: `${w.name}（+${w.points}）`, value: w.id }))}
                    rangeKey='label'
                    valueKey='value'
                    value={chosen ?? undefined}
                    placeholder='请选择'
                    onChange={(v) => {
                      setWayId(v as number)
                      setErrors((e) => ({ ...e, way: undefined }))
                    }}
                  />
                </FormRow>
                <FormRow name='description' required error={errors.description}>
                  <Textarea
                    className='points-apply__content'
                    value={description}
                    maxlength={DESCRIPTION_MAX}
                    placeholder='说明参加的活动、时间和地点'
                    onInput={(e) => {
                      setDescription(e.detail.value)
                      setErrors((x) => ({ ...x, description: undefined }))
                    }}
                  />
                </FormRow>
                <FormRow name='images' hint='上传活动照片，最多6张'>
                  <PointsImages images={images} onChange={setImages} disabled={busy} />
                </FormRow>
              </FormCard>
              <FormError name='refusal' error={refusal} />
              <View className='points-apply__actions'>
                <ConfirmButton className='points-apply__submit' title='提交申请' loading={busy} onClick={() => void submit()} />
              </View>
            </View>
          )}
          <Text className='points-apply__title'>我的申请</Text>
          <View className='points-applications'>
            {list.rows.map((a) => (
              <ApplicationCard key={a.id} application={a} />
            ))}
            <ListFooter list={list} />
          </View>
        </>
      )}
    </Page>
  )
}
