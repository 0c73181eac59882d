import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';

/** The spec's words for a failed search (`search-detail-finance-watchlist.md` §8, spelling kept). */
export const SEARCH_ERROR_TEXT = 'An unexpected error occured';

/** hasError: the previous results stay below; the banner offers Retry. */
export function SearchErrorBanner({ detail, onRetry }: { detail: string | null; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '3',
        p: '4',
        mb: '4',
        bg: 'surface',
        borderWidth: '2px',
        borderColor: 'danger',
        borderRadius: 'control',
      })}
    >
      <div>
        <p className={css({ fontWeight: 'bold' })}>{SEARCH_ERROR_TEXT}</p>
        {detail && <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>{detail}</p>}
      </div>
      <button type="button" onClick={onRetry} className={button()}>
        Retry
      </button>
    </div>
  );
}
