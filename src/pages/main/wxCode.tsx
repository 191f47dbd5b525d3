import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/main/wxCode: filled in by a later issue; shows its title until then. */
export default function MainWxCodePage() {
  return <Page title={routeOf('pages/main/wxCode')?.title ?? ''} />
}
