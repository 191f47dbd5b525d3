import { study } from '../../../api/sms/study'
import ImagePicker, { type DraftImage } from '../../../components/image-picker'
import { QUESTION_IMAGES_MAX } from './question-logic'

export { previewImages } from '../../../components/image-picker'

const upload = async (filePath: string) =>
  (await study.studentQuestion.upload({ filePath, fileName: filePath.split('/').pop() }, { loadingTitle: '正在上传' })).data.key

/** The pictures of a question or a follow-up being written (up to QUESTION_IMAGES_MAX), uploaded to the questions area. */
export default function QuestionImages(props: { images: DraftImage[]; onChange: (images: DraftImage[]) => void; disabled?: boolean }) {
  return <ImagePicker {...props} upload={upload} max={QUESTION_IMAGES_MAX} />
}
