import { useState } from 'react'
import Taro from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { photoProblem, type PhotoSpec } from '@activity/domain'
import { education, type GraduationPhoto, type PhotoMine } from '../../api/ems/education'
import ApprovalSteps from '../../components/approval-steps'
import { approvalTone } from '../../components/approval-steps/tone'
import ConfirmButton from '../../components/confirm-button'
import EmptyNotice from '../../components/empty-notice'
import { FormError } from '../../components/form'
import { previewImages } from '../../components/image-picker'
import Page from '../../components/page'
import { useMounted } from '../../hooks/mounted'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { press } from '../../platform'
import { RequestError, apiUrl } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { logger } from '../../utils/logger'
import { isJpg, refusalReason, specRows } from './components/graduation-photo'
import StudentBody from './components/student-body'
import './graduationPhoto.scss'

const TITLE = routeOf('pages/student/graduationPhoto')?.title ?? '毕业照片'
const NOT_OPENED = '你所在的批次还没有开始毕业照片采集'
const UNREADABLE = '无法读取这张照片，请重新拍摄或选择'

const timeText = (iso: string) => formatDate(iso, 'yyyy-MM-dd hh:mm')

/**
 * A photo from the album or the camera, checked against the specification before anything is
 * sent: its format, size and exact dimensions (getImageInfo). Answers the file to upload, a
 * problem in the server's words, or null when nothing was picked. The original is asked for:
 * a compressed copy would change both the size and the dimensions.
 */
async function pickPhoto(spec: PhotoSpec): Promise<{ path: string } | { problem: string } | null> {
  let file: { path: string; size: number; type?: string }
  try {
    const chosen = await Taro.chooseImage({ count: 1, sizeType: ['original'], sourceType: ['album', 'camera'] })
    const first = chosen.tempFiles[0] as { path: string; size: number; type?: string } | undefined
    if (!first) return null
    file = first
  } catch (err) {
    logger.info('no photo chosen', err)
    return null
  }
  let info: Taro.getImageInfo.SuccessCallbackResult
  try {
    info = await Taro.getImageInfo({ src: file.path })
  } catch (err) {
    logger.info('photo unreadable', err)
    return { problem: UNREADABLE }
  }
  const jpg = isJpg({ mime: file.type, infoType: (info as { type?: string }).type, path: file.path })
  const problem = photoProblem({ jpg, bytes: file.size, width: info.width, height: info.height }, spec)
  return problem ? { problem } : { path: file.path }
}

function PhotoImage({ photo, className, label }: { photo: GraduationPhoto; className: string; label: string }) {
  return (
    <Image
      className={className}
      src={apiUrl(photo.url)}
      mode='aspectFit'
      imgProps={{ alt: label }}
      {...press(() => previewImages([photo.url], photo.url), { label: `查看${label}` })}
    />
  )
}

/**
 * 毕业照片: my batch's photo specification (尺寸, JPG, 大小, 背景, 截止日期), my latest photo large with
 * its status, the approval's steps (班主任, then 教务处) and a refusal's reason, the earlier photos,
 * and 上传照片 when the server allows it (otherwise its reason: under review, approved, past the
 * deadline). A picked photo is checked here as the server checks it, and only a good one is sent;
 * the server's refusal, if any, stays on the page.
 */
export default function StudentGraduationPhotoPage() {
  const signedIn = useRequireLogin()
  const student = useStudentLoad()
  // Again on show: an approver may have decided meanwhile.
  const mine = useRemote((options) => student.remember(education.photoCollection.mine(undefined, options)), signedIn, {
    reloadOnShow: true,
  })
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)
  const mounted = useMounted()

  const upload = async (spec: PhotoSpec) => {
    if (busy) return
    setProblem('')
    const picked = await pickPhoto(spec)
    if (!picked || !mounted.current) return
    if ('problem' in picked) return setProblem(picked.problem)
    setBusy(true)
    try {
      await education.photoCollection.upload({ filePath: picked.path, fileName: 'photo.jpg' }, { loadingTitle: '正在上传' })
      useStore.getState().showToast('已上传，请等待审核', { icon: 'success' })
    } catch (err) {
      // The wrapper has toasted the refusal; it stays under the button too.
      if (mounted.current && err instanceof RequestError && err.kind !== 'network') setProblem(err.message)
    } finally {
      // The upload answers as /mine does, but /mine is asked again: a reload begun when the
      // picker closed (the page shows again) must not answer last with the photo missing.
      if (mounted.current) {
        setBusy(false)
        await mine.reload({ lock: true })
      }
    }
  }

  const body = (answer: PhotoMine) => {
    const { collection, photos, approval } = answer
    if (!collection) return <EmptyNotice type='page' text={NOT_OPENED} />
    const [latest, ...earlier] = photos
    const reason = refusalReason(answer)
    return (
      <View className='photo'>
        <View className='photo-card photo-spec'>
          <Text className='photo-card__title'>{collection.title}</Text>
          <Text className='photo-spec__intro'>请按以下要求上传证件照，不符合要求的照片不能提交。</Text>
          {specRows(collection).map((row) => (
            <View key={row.name} className={`photo-row photo-row--${row.name}`}>
              <Text className='photo-row__label'>{row.label}</Text>
              <Text className='photo-row__value'>{row.value}</Text>
            </View>
          ))}
        </View>

        <View className='photo-card photo-current'>
          <Text className='photo-card__title'>我的照片</Text>
          {latest ? (
            <View className='photo-current__main'>
              <PhotoImage photo={latest} className='photo-current__image' label='我的毕业照片' />
              <View className='photo-current__meta'>
                <Text className={`photo-tag photo-tag--${approvalTone(latest.status)} photo-current__status`}>{latest.status}</Text>
                <Text className='photo-current__time'>{`上传于 ${timeText(latest.uploadedAt)}`}</Text>
              </View>
              {reason ? <Text className='photo-current__reason'>{`驳回原因：${reason}`}</Text> : null}
            </View>
          ) : (
            <Text className='photo-current__none'>还没有上传照片</Text>
          )}
          {answer.canUpload ? (
            <ConfirmButton
              className='photo-current__upload'
              title={latest ? '重新上传' : '上传照片'}
              loading={busy}
              onClick={() => void upload(collection)}
            />
          ) : answer.refusal ? (
            <Text className='photo-current__refusal'>{answer.refusal}</Text>
          ) : null}
          <FormError name='refusal' error={problem} />
        </View>

        {approval && approval.steps.length ? (
          <View className='photo-card photo-steps'>
            <Text className='photo-card__title'>审核进度</Text>
            <ApprovalSteps steps={approval.steps} block='photo' rail upcoming />
          </View>
        ) : null}

        {earlier.length ? (
          <View className='photo-card photo-history'>
            <Text className='photo-card__title'>历史照片</Text>
            {earlier.map((p, i) => (
              <View key={p.id} className='photo-history__item'>
                <PhotoImage photo={p} className='photo-history__image' label={`历史照片${i + 1}`} />
                <View className='photo-history__meta'>
                  <Text className={`photo-tag photo-tag--${approvalTone(p.status)}`}>{p.status}</Text>
                  <Text className='photo-history__time'>{timeText(p.uploadedAt)}</Text>
                </View>
              </View>
            ))}
          </View>
        ) : null}
      </View>
    )
  }

  return (
    <Page title={TITLE}>
      <StudentBody notStudent={student.notStudent} remote={mine} stateClass='photo-state'>
        {body}
      </StudentBody>
    </Page>
  )
}
