import { Link } from 'wouter';
import { promotionPagePath } from '../../domain/content-pages.ts';
import type { HomeContent } from '../../domain/contracts/home.ts';
import { css } from '../../styled-system/css';

type Promotion = HomeContent['promotions'][number];

/** A promotion's banner: its picture and title, opening its offer's page. */
function PromotionBanner({ promotion, wide }: { promotion: Promotion; wide: boolean }) {
  return (
    <Link
      href={promotionPagePath(promotion.id)}
      className={css({ display: 'block', textDecoration: 'none', color: 'fg' })}
      aria-label={promotion.title}
    >
      {/* Its own <img>, not the promo card's `PromotionPicture`: that module is a chunk of its own
          (vite.config.ts `promotions`), which the home page's first load would then download. */}
      <img
        src={promotion.image_url}
        alt=""
        width={wide ? 1920 : 640}
        height={wide ? 540 : 180}
        className={css({ w: 'full', h: 'auto', borderRadius: 'control' })}
      />
      <span className={css({ display: 'block', mt: '2', fontWeight: 'semibold' })}>{promotion.title}</span>
    </Link>
  );
}

/**
 * §2 the time-limited promotional banner and the promotions slider (§4: only those running now, as
 * the server lists them): the first as the banner, the rest in a row that scrolls sideways. Each opens
 * its offer's page (its terms, its end date and "See the offer"), as the listing's promo cards do.
 */
export function Promotions({ promotions }: { promotions: readonly Promotion[] }) {
  const [first, ...rest] = promotions;
  if (!first) return null;
  return (
    <section aria-labelledby="promotions-title" data-testid="promotions">
      <h2 id="promotions-title" className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '4' })}>
        Current offers
      </h2>
      <PromotionBanner promotion={first} wide />
      {rest.length > 0 && (
        <ul
          className={css({
            display: 'flex',
            gap: '4',
            mt: '4',
            overflowX: 'auto',
            scrollSnapType: 'x',
          })}
          aria-label="More offers"
        >
          {rest.map((promotion) => (
            <li key={promotion.id} className={css({ flexShrink: 0, w: '[280px]', scrollSnapAlign: 'start' })}>
              <PromotionBanner promotion={promotion} wide={false} />
            </li>
          ))}
        </ul>
      )}
      <p className={css({ mt: '3' })}>
        <Link href="/special-offers" className={css({ color: 'accent', fontWeight: 'semibold' })}>
          All special offers
        </Link>
      </p>
    </section>
  );
}
