import { Link } from 'wouter';
import { photoSrcset } from '../../domain/photo-address.ts';
import { css } from '../../styled-system/css';

/** A promotional tile of the results grid (spec §2: at positions 8 and 17). */
export interface Promo {
  readonly title: string;
  readonly text: string;
  readonly href: string;
  readonly action: string;
}

/** An offer as the offers pages list it: its title leading to its page, its picture and its lines. */
export interface OfferPromo {
  readonly title: string;
  readonly href: string;
  readonly image_url: string;
  /** The paragraphs under the picture: its words (where it has some) and its last day. */
  readonly lines: readonly string[];
}

/** A promotion's picture, as the offers pages show it (the list's and an offer's own page). */
export function PromotionPicture({
  src,
  width,
  height,
  lazy = false,
  className,
}: {
  src: string;
  width: number;
  height: number;
  lazy?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      // A picture uploaded in the console is a stored photo, served at every width (issue 35, 36 item 6).
      srcSet={photoSrcset(src) ?? undefined}
      sizes={photoSrcset(src) ? '(min-width: 992px) 960px, 100vw' : undefined}
      alt=""
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
      className={className}
    />
  );
}

const tile = css({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: '3',
  h: 'full',
  minH: '80',
  p: '6',
  bg: 'brand',
  color: 'brandFg',
  borderRadius: 'control',
});

/**
 * A promotion as a card: its title, its picture where it has one, its words and a link on. The
 * listing's card (`promo`: a tile the height of a car card, its call to action below) or an offer of
 * the offers pages (`offer`: a list item, its title leading to its page, styled by the page's prose).
 */
export function PromoCard(props: { promo: Promo } | { offer: OfferPromo }) {
  if ('offer' in props) {
    const { offer } = props;
    return (
      <li>
        <h2>
          <a href={offer.href}>{offer.title}</a>
        </h2>
        <p>
          <PromotionPicture src={offer.image_url} width={960} height={270} lazy />
        </p>
        <PromoLines lines={offer.lines} />
      </li>
    );
  }
  const { promo } = props;
  return (
    <aside data-testid="promo-card" aria-label={promo.title} className={tile}>
      <h3 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{promo.title}</h3>
      <PromoLines lines={[promo.text]} />
      <Link
        href={promo.href}
        className={css({ fontWeight: 'bold', textDecoration: 'underline', alignSelf: 'flex-start' })}
      >
        {promo.action}
      </Link>
    </aside>
  );
}

/** A promotion's words, a paragraph each. */
export function PromoLines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </>
  );
}
