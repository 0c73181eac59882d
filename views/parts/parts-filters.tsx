import { Link, useLocation } from 'wouter';
import { formatNumber } from '../../domain/format.ts';
import {
  ITEM_PRICE_LIMITS,
  type ItemSearchResult,
  type ItemSearchState,
  maxPriceLabel,
  parseItemSearch,
} from '../../domain/item-search.ts';
import { searchHrefWith } from '../../machines/item-search/item-search.selectors.ts';
import { css } from '../../styled-system/css';
import { SelectField } from '../ui/select-field.tsx';

const chip = css({
  display: 'inline-block',
  px: '3',
  py: '1',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  bg: 'surface',
  textDecoration: 'none',
  '&[aria-current=true]': { bg: 'brand', color: 'brandFg', borderColor: 'brand' },
});

const priceOptions = [
  { value: '', label: 'Any price' },
  ...ITEM_PRICE_LIMITS.map((limit) => ({ value: String(limit), label: maxPriceLabel(limit) })),
];

/** The categories (each a link, with its count) and the top price (a dropdown that goes to its address). */
export function PartsFilters({
  state,
  categories,
}: {
  state: ItemSearchState;
  categories: ItemSearchResult['categories'];
}) {
  const [, navigate] = useLocation();
  return (
    <aside aria-label="Filters" className={css({ display: 'grid', gap: '4', alignContent: 'start' })}>
      <nav aria-label="Categories">
        <h2 className={css({ fontWeight: 'semibold', mb: '2' })}>Categories</h2>
        <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <li>
            <Link
              href={searchHrefWith(state, { category: undefined })}
              className={chip}
              aria-current={state.category === undefined}
            >
              All categories
            </Link>
          </li>
          {categories.map((category) => (
            <li key={category.name}>
              <Link
                href={searchHrefWith(state, { category: category.name })}
                className={chip}
                aria-current={state.category === category.name}
              >
                {category.name} ({formatNumber(category.count)})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <SelectField
        label="Price"
        options={priceOptions}
        value={state.maxPrice ? String(state.maxPrice) : ''}
        onChange={(value) =>
          navigate(searchHrefWith(state, { maxPrice: parseItemSearch(`max_price=${value}`).maxPrice }))
        }
      />
    </aside>
  );
}
