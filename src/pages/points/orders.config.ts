import { pageConfigOf } from '../../routes'

export default definePageConfig(pageConfigOf('pages/points/orders'))
