import type { SitePageAnswer } from '../../domain/contracts/pages.ts';

type ReviewsAnswer = Extract<SitePageAnswer, { kind: 'reviews' }>;

/** One star of the display, filled to `fill` (0–1) with a gradient: no inline style (CSP). */
function Star({ fill, index }: { fill: number; index: number }) {
  const id = `star-${index}`;
  const percent = `${Math.round(fill * 100)}%`;
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id}>
          <stop offset={percent} stopColor="#f5a623" />
          <stop offset={percent} stopColor="#d9d9d9" />
        </linearGradient>
      </defs>
      <path fill={`url(#${id})`} d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
    </svg>
  );
}

/**
 * §2 reviews, §5, §9: the average as stars (only when it exceeds the dealer's minimum) with the
 * count, and the newest reviews with how long ago each was written.
 */
export function ReviewsPage({ page }: { page: ReviewsAnswer }) {
  const count = page.count.toLocaleString('en-AU');
  return (
    <>
      {page.average ? (
        <p data-testid="review-average">
          <span role="img" data-stars aria-label={`Rated ${page.average.rating} out of 5`}>
            {page.average.stars.map((fill, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the stars are a fixed row of five
              <Star key={index} fill={fill} index={index} />
            ))}
          </span>{' '}
          <strong>{page.average.rating}</strong>
          {` from ${count} reviews`}
        </p>
      ) : (
        <p>{`${count} reviews.`}</p>
      )}
      <ul className="reviews">
        {page.reviews.map((review, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: reviews are listed newest first and never reordered
          <li key={index}>
            <h2>{review.customer_name}</h2>
            <p>{`Rated ${review.rating} out of 5 · ${review.when}`}</p>
            {review.text && <p>{review.text}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}
