import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import { COMPARE_LIMITS, COMPARE_TEXT, compareHref, parseCompareSlugs } from '../../domain/compare.ts';
import { type CompareColumn, compareRows } from '../../domain/compare-rows.ts';
import type { ComparePageActorRef } from '../../machines/compare/compare-page.machine.ts';
import { css } from '../../styled-system/css';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { comparePageLogic, compareQueryKey } from './wiring.ts';

const keyOf = (column: CompareColumn): string => (column.kind === 'car' ? column.car.slug : column.slug);

const cell = css({
  p: '3',
  borderBottomWidth: '1px',
  borderColor: 'border',
  textAlign: 'left',
  verticalAlign: 'top',
  minW: '44',
});

/**
 * `/compare?cars={slug},{slug},…` (issue 19 item 1): the cars side by side — photo, price by the
 * price rules, tag, finance estimate where the rules allow, the specifications — with the rows where
 * they differ highlighted and rows no car has left out. A car this site no longer offers keeps its
 * column, saying so. The address is the comparison: it can be shared as it is.
 */
export function ComparePage({ actorRef }: { actorRef: ComparePageActorRef }) {
  const site = useSite();
  const slugs = useSelector(actorRef, (snapshot) => snapshot.context.slugs);
  const data = useSelector(actorRef, (snapshot) => snapshot.context.data);
  const error = useSelector(actorRef, (snapshot) =>
    snapshot.matches('failed') ? snapshot.context.error : null,
  );
  const shareId = useId();
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (!data) return <PageSkeleton label="Loading the comparison" />;

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
  const without = (slug: string) => compareHref(slugs.filter((other) => other !== slug));
  const shareUrl = `${data.origin}${compareHref(slugs)}`;

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
          <div className={css({ overflowX: 'auto' })}>
            <table className={css({ borderCollapse: 'collapse', w: 'full' })}>
              <caption className={css({ srOnly: true })}>Comparison of {columns.length} cars</caption>
              <thead>
                <tr>
                  <td className={cell} />
                  {columns.map((column) => (
                    <th key={keyOf(column)} scope="col" className={cell} data-testid="compare-column">
                      {column.kind === 'car' ? (
                        <div className={css({ display: 'grid', gap: '2' })}>
                          {column.car.primary_image_url && (
                            <img
                              src={column.car.primary_image_url}
                              alt=""
                              width={400}
                              height={300}
                              className={css({ w: 'full', h: 'auto', borderRadius: 'control' })}
                            />
                          )}
                          <Link
                            href={`/cars/${column.car.slug}`}
                            className={css({ textDecoration: 'underline' })}
                          >
                            {column.car.name}
                          </Link>
                          <Link
                            href={without(column.car.slug)}
                            className={css({ fontSize: 'sm', fontWeight: 'normal' })}
                            aria-label={`Remove ${column.car.name} from the comparison`}
                          >
                            Remove
                          </Link>
                        </div>
                      ) : (
                        <div className={css({ display: 'grid', gap: '2' })}>
                          <span>{column.slug}</span>
                          <span className={css({ fontWeight: 'normal' })}>{COMPARE_TEXT.unavailable}</span>
                          <Link
                            href={without(column.slug)}
                            className={css({ fontSize: 'sm', fontWeight: 'normal' })}
                          >
                            Remove
                          </Link>
                        </div>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.label}
                    data-differs={row.differs || undefined}
                    className={css({ '&[data-differs]': { bg: 'brandSubtle' } })}
                  >
                    <th scope="row" className={cell}>
                      {row.label}
                      {row.differs && (
                        <span className={css({ display: 'block', fontSize: 'xs', fontWeight: 'normal' })}>
                          Differs
                        </span>
                      )}
                    </th>
                    {columns.map((column, index) => (
                      <td key={keyOf(column)} className={cell}>
                        {row.values[index] ?? '—'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={css({ display: 'grid', gap: '1', maxW: 'xl' })}>
            <label htmlFor={shareId} className={css({ fontWeight: 'semibold' })}>
              Share this comparison
            </label>
            <input
              id={shareId}
              readOnly
              value={shareUrl}
              onFocus={(event) => event.currentTarget.select()}
              className={css({
                h: '10',
                px: '3',
                borderWidth: '1px',
                borderColor: 'border',
                borderRadius: 'control',
              })}
            />
          </div>
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
    const failed = snapshot.matches('failed');
    const count = snapshot.context.slugs.length;
    return {
      title: failed
        ? `Something went wrong | ${site.name}`
        : `Compare ${count > 0 ? `${count} ` : ''}cars | ${site.name}`,
      description: `Compare cars from ${site.name} side by side: price, finance and specifications.`,
      status: failed ? 500 : 200,
      canonicalPath: compareHref(snapshot.context.slugs),
    };
  },
  prime: (queryClient, snapshot) => {
    const { slugs, data } = snapshot.context;
    if (data) queryClient.setQueryData(compareQueryKey(slugs), data);
  },
  View: ComparePage,
});
