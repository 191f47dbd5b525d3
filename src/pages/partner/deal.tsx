import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/partner/deal: filled in by a later issue; shows its title until then. */
export default function PartnerDealPage() {
  return <Page title={routeOf('pages/partner/deal')?.title ?? ''} />
}
