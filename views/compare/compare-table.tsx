import { compareHref } from '../../domain/compare.ts';
import type { CompareColumn, CompareRow } from '../../domain/compare-rows.ts';
import { css } from '../../styled-system/css';
import { CompareColumnHead } from './compare-column-head.tsx';
import { compareStyles } from './compare-styles.ts';

const keyOf = (column: CompareColumn): string => (column.kind === 'car' ? column.car.slug : column.slug);

/**
 * The cars side by side: a column per car (in the address's order), a row per specification, the rows
 * where they differ highlighted and marked 'Differs'.
 */
export function CompareTable({
  columns,
  rows,
  slugs,
}: {
  columns: readonly CompareColumn[];
  rows: readonly CompareRow[];
  slugs: readonly string[];
}) {
  const without = (slug: string) => compareHref(slugs.filter((other) => other !== slug));
  return (
    <div className={css({ overflowX: 'auto' })}>
      <table className={css({ borderCollapse: 'collapse', w: 'full' })}>
        <caption className={css({ srOnly: true })}>Comparison of {columns.length} cars</caption>
        <thead>
          <tr>
            <td className={compareStyles.cell} />
            {columns.map((column) => (
              <CompareColumnHead key={keyOf(column)} column={column} without={without(keyOf(column))} />
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
              <th scope="row" className={compareStyles.cell}>
                {row.label}
                {row.differs && (
                  <span className={css({ display: 'block', fontSize: 'xs', fontWeight: 'normal' })}>
                    Differs
                  </span>
                )}
              </th>
              {columns.map((column, index) => (
                <td key={keyOf(column)} className={compareStyles.cell}>
                  {row.values[index] ?? '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
