import { QUESTION_IMAGES_MAX } from '@activity/wire'
import { point } from '../../../api/zms/point'
import ImagePicker, { type DraftImage } from '../../../components/image-picker'

export type { DraftImage } from '../../../components/image-picker'

const upload = async (filePath: string) =>
  (await point.studentPointRecord.upload({ filePath, fileName: filePath.split('/').pop() }, { loadingTitle: '正在上传' })).data.key

/** An application's photos (up to QUESTION_IMAGES_MAX), uploaded to the points area. */
export default function PointsImages(props: { images: DraftImage[]; onChange: (images: DraftImage[]) => void; disabled?: boolean }) {
  return <ImagePicker {...props} upload={upload} max={QUESTION_IMAGES_MAX} noun='照片' />
}
