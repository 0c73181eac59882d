import { Link } from 'wouter';
import { CHECKOUT_JOURNEY_PATH, gatedRoute } from '../../domain/gated-routes.ts';
import { useSite } from '../app/site-context.tsx';
import { accountStyles } from '../ui/account-styles.ts';

/** The checkout journey on a dealer that does not sell online. */
export const NO_ONLINE_SALES_HEADING = 'Buying online is not available';

/** The checkout journey on a dealer that does not sell online: the car may well be for sale (§2 "some sites"). */
export function NoOnlineSales({ search }: { search: string }) {
  const site = useSite();
  const carPath = gatedRoute(CHECKOUT_JOURNEY_PATH, search)?.back ?? '/';
  return (
    <section className={accountStyles.narrow}>
      <h1 className={accountStyles.heading}>{NO_ONLINE_SALES_HEADING}</h1>
      <p className={accountStyles.text}>{site.name} does not sell cars online.</p>
      <p className={accountStyles.row}>
        {carPath !== '/' && (
          <Link href={carPath} className={accountStyles.link}>
            See the car
          </Link>
        )}
        <Link href={site.search.path} className={accountStyles.link}>
          Browse our stock
        </Link>
      </p>
    </section>
  );
}

/** No such car on this site. */
export function CarNotFound() {
  const site = useSite();
  return (
    <section className={accountStyles.narrow}>
      <h1 className={accountStyles.heading}>Car not found</h1>
      <p className={accountStyles.text}>This car is not for sale on the {site.name} website any more.</p>
      <p className={accountStyles.row}>
        <Link href={site.search.path} className={accountStyles.link}>
          Browse our stock
        </Link>
      </p>
    </section>
  );
}
