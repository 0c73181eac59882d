import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { COMPARE_LIMITS, compareHref, parseCompareSlugs } from '../../domain/compare.ts';
import { type CompareColumn, compareRows } from '../../domain/compare-rows.ts';
import type { CompareAnswer } from '../../domain/contracts/compare.ts';
import type { ComparePageActorRef } from '../../machines/compare/compare-page.machine.ts';
import { selectComparison, selectError, selectSlugs } from '../../machines/compare/compare-page.selectors.ts';
import { css } from '../../styled-system/css';
import type { PublicSite } from '../../tenants/public-site.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { CompareShare } from './compare-share.tsx';
import { CompareTable } from './compare-table.tsx';
import { comparePageLogic, compareQueryKey } from './wiring.ts';

/** The comparison's columns and rows, by the price, tag and finance rules with this site's switches. */
function comparison(site: PublicSite, data: CompareAnswer) {
  const columns: CompareColumn[] = data.cars.map((entry) =>
    entry.car ? { kind: 'car', car: entry.car } : { kind: 'unavailable', slug: entry.slug },
  );
  const now = new Date(data.as_of);
  const rows = compareRows(columns, {
    now,
    texts: site.texts,
    tag: {
      fuelTypeTagEnabled: site.features.fuelTypeTag,
      certifiedUsedEnabled: site.features.certifiedUsed,
      certifiedManufacturer: site.manufacturer?.name ?? null,
    },
    finance: (car) => ({
      provider: site.finance_provider ?? null,
      financeHidden: site.features.financeHidden.includes(car.dealership_slug),
      now,
    }),
  });
  return { columns, rows };
}

/**
 * `/compare?cars={slug},{slug},…` (issue 19 item 1): the cars side by side — photo, price by the
 * price rules, tag, finance estimate where the rules allow, the specifications — with the rows where
 * they differ highlighted and rows no car has left out. A car this site no longer offers keeps its
 * column, saying so. The address is the comparison: it can be shared as it is.
 */
export function ComparePage({ actorRef }: { actorRef: ComparePageActorRef }) {
  const site = useSite();
  const slugs = useSelector(actorRef, selectSlugs);
  const data = useSelector(actorRef, selectComparison);
  const error = useSelector(actorRef, selectError);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (!data) return <PageSkeleton label="Loading the comparison" />;
  const { columns, rows } = comparison(site, data);
  return (
    <div className={css({ maxW: 'page', mx: 'auto', px: '4', py: '8', display: 'grid', gap: '6' })}>
      <h1 className={css({ fontSize: '3xl', fontWeight: 'bold' })}>Compare cars</h1>
      {columns.length === 0 ? (
        <p>
          No cars to compare yet. Tick Compare on up to {COMPARE_LIMITS.wide} cars ({COMPARE_LIMITS.phone} on
          a phone) and see them side by side here.{' '}
          <Link href={site.search.path} className={css({ textDecoration: 'underline' })}>
            Browse our stock
          </Link>
        </p>
      ) : (
        <>
          <p className={css({ fontSize: 'sm' })}>
            Rows where the cars differ are highlighted and marked <strong>Differs</strong>.
          </p>
          <CompareTable columns={columns} rows={rows} slugs={slugs} />
          <CompareShare url={`${data.origin}${compareHref(slugs)}`} />
        </>
      )}
    </div>
  );
}

/** Route `/compare`. */
export const comparePage = definePage({
  logic: comparePageLogic,
  input: ({ search }) => ({ slugs: parseCompareSlugs(search) }),
  queryKeyed: true,
  head: (snapshot, { site }) => {
    const failed = selectError(snapshot) !== null;
    const count = selectSlugs(snapshot).length;
    return {
      title: failed
        ? `Something went wrong | ${site.name}`
        : `Compare ${count > 0 ? `${count} ` : ''}cars | ${site.name}`,
      description: `Compare cars from ${site.name} side by side: price, finance and specifications.`,
      status: failed ? 500 : 200,
      canonicalPath: compareHref(selectSlugs(snapshot)),
    };
  },
  prime: (queries, snapshot) => {
    const data = selectComparison(snapshot);
    if (data) queries.prime(compareQueryKey(selectSlugs(snapshot)), data);
  },
  View: ComparePage,
});
