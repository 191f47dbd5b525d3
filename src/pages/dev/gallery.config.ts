import { pageConfigOf } from '../../routes'

export default definePageConfig(pageConfigOf('pages/dev/gallery'))
