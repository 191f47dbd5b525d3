import { pageConfigOf } from '../../routes'

export default definePageConfig(pageConfigOf('pages/student/textbooks'))
