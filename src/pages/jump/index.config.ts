import { pageConfigOf } from '../../routes'

export default definePageConfig(pageConfigOf('pages/jump/index'))
