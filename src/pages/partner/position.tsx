import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/partner/position: filled in by a later issue; shows its title until then. */
export default function PartnerPositionPage() {
  return <Page title={routeOf('pages/partner/position')?.title ?? ''} />
}
