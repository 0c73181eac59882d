import { Link } from 'wouter';
import { CHECKOUT_JOURNEY_PATH, gatedRoute } from '../../domain/gated-routes.ts';
import { useSite } from '../app/site-context.tsx';
import { pageStyles } from '../ui/page-styles.ts';

/** The checkout journey on a dealer that does not sell online. */
export const NO_ONLINE_SALES_HEADING = 'Buying online is not available';

/** The checkout journey on a dealer that does not sell online: the car may well be for sale (§2 "some sites"). */
export function NoOnlineSales({ search }: { search: string }) {
  const site = useSite();
  const carPath = gatedRoute(CHECKOUT_JOURNEY_PATH, search)?.back ?? '/';
  return (
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>{NO_ONLINE_SALES_HEADING}</h1>
      <p className={pageStyles.text}>{site.name} does not sell cars online.</p>
      <p className={pageStyles.row}>
        {carPath !== '/' && (
          <Link href={carPath} className={pageStyles.link}>
            See the car
          </Link>
        )}
        <Link href={site.search.path} className={pageStyles.link}>
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
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>Car not found</h1>
      <p className={pageStyles.text}>This car is not for sale on the {site.name} website any more.</p>
      <p className={pageStyles.row}>
        <Link href={site.search.path} className={pageStyles.link}>
          Browse our stock
        </Link>
      </p>
    </section>
  );
}
