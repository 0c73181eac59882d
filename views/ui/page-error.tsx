import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';

/** A page that failed to load: the message and a retry button. */
export function PageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section role="alert" className={css({ maxW: 'page', mx: 'auto', px: '4', py: '12' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Sorry, this page could not be loaded</h1>
      <p className={css({ mt: '2', color: 'fgMuted' })}>{message}</p>
      <button type="button" onClick={onRetry} className={`${button()} ${css({ mt: '4' })}`}>
        Try again
      </button>
    </section>
  );
}
