/**
 * Dealer comments on the vehicle detail page (`search-detail-finance-watchlist.md` §5 "Dealer
 * comments", §9 "Dealer comment truncation: 400 characters"; `locations-forms-tradein-site.md` §9
 * title 'Dealer Comments').
 */

/** `locations-forms-tradein-site.md` §9: the section's title. */
export const DEALER_COMMENTS_TITLE = 'Dealer Comments';
/** §5: shown when the dealer has written nothing. */
export const DEALER_COMMENTS_PENDING = 'Dealer comments are pending. Please check back here later.';
/** §9: comments longer than this many characters are truncated. */
export const DEALER_COMMENTS_LIMIT = 400;
/** §5 "a more/less toggle": its two labels. */
export const DEALER_COMMENTS_TOGGLE = { more: 'more', less: 'less' } as const;

/** Dealer comments ready to render. */
export interface DealerComments {
  /** Every paragraph, or the pending text alone. */
  readonly paragraphs: readonly string[];
  /** True when the dealer wrote nothing and `paragraphs` holds the pending text. */
  readonly pending: boolean;
  /** True when the text is longer than 400 characters and the more/less toggle shows. */
  readonly truncated: boolean;
  /** What shows while collapsed: the first 400 characters, cut at a word, ending in '…'. */
  readonly preview: readonly string[];
}

/** §5: the paragraphs of the text: split on `|`, trimmed, empty ones dropped. */
export function splitDealerComments(text: string | null | undefined): string[] {
  return (text ?? '')
    .split('|')
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

function cut(paragraph: string, budget: number): string {
  const head = paragraph.slice(0, budget);
  const space = head.lastIndexOf(' ');
  return `${(space > 0 ? head.slice(0, space) : head).trimEnd()}…`;
}

function previewOf(paragraphs: readonly string[], limit: number): string[] {
  const preview: string[] = [];
  let budget = limit;
  for (const paragraph of paragraphs) {
    if (paragraph.length <= budget) {
      preview.push(paragraph);
      budget -= paragraph.length;
      continue;
    }
    if (budget > 0) preview.push(cut(paragraph, budget));
    break;
  }
  return preview;
}

/**
 * §5: split on pipes into paragraphs; the pending text when empty; longer than 400 characters (the
 * paragraphs' own characters, pipes and surrounding spaces not counted) → truncated, with a preview of
 * the first 400 characters.
 */
export function dealerComments(
  text: string | null | undefined,
  limit: number = DEALER_COMMENTS_LIMIT,
): DealerComments {
  const paragraphs = splitDealerComments(text);
  if (paragraphs.length === 0) {
    return {
      paragraphs: [DEALER_COMMENTS_PENDING],
      pending: true,
      truncated: false,
      preview: [DEALER_COMMENTS_PENDING],
    };
  }
  const length = paragraphs.reduce((sum, paragraph) => sum + paragraph.length, 0);
  const truncated = length > limit;
  return {
    paragraphs,
    pending: false,
    truncated,
    preview: truncated ? previewOf(paragraphs, limit) : paragraphs,
  };
}

/** What the comments show in one toggle state: the paragraphs and the toggle label (`null`: no toggle). */
export function visibleDealerComments(
  comments: DealerComments,
  expanded: boolean,
): { readonly paragraphs: readonly string[]; readonly toggle: string | null } {
  if (!comments.truncated) return { paragraphs: comments.paragraphs, toggle: null };
  return expanded
    ? { paragraphs: comments.paragraphs, toggle: DEALER_COMMENTS_TOGGLE.less }
    : { paragraphs: comments.preview, toggle: DEALER_COMMENTS_TOGGLE.more };
}
