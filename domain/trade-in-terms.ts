/**
 * The trade-in's figures its published terms state (`locations-forms-tradein-site.md` §5 and §9
 * "Trade-in wizard", §9's FAQ): apart from the wizard's rules
 * and schemas (`trade-in.ts`, which re-exports them), so the terms page — a content page — does not
 * load the wizard's code with them (issue 38 item 3).
 */

/** §5, §9: image rules. */
export const IMAGE_RULES = {
  maxImages: 10,
  maxBytes: 10 * 1024 * 1024,
  types: ['JPEG', 'JPG', 'PNG', 'GIF', 'HEIC'] as const,
  tooBig: 'Please upload an image file under 10MB',
  tooMany: 'You can only upload 10 images',
  wrongType: 'Please upload a JPEG, PNG, GIF or HEIC image',
} as const;
/** §9: an instant estimate is valid 7 days. */
export const OFFER_VALID_DAYS = 7;
/** §9 FAQ: no online estimate over 100,000 km. */
export const OFFER_MAX_KM = 100_000;
/** §9 FAQ: no online estimate for cars over 7 years (another variant says 10): the default of the dealer's `trade_in.offer_max_age_years`. */
export const OFFER_MAX_AGE_YEARS = 7;
/** §9: the buying team's hours. */
export const BUYING_TEAM_HOURS = 'Mon-Fri 8.30-5.30, Sat 9-5';
/** §4 "Trade-in offer acceptance": the accepted lead's subcategory. */
export const OFFER_ACCEPTED_SUBCATEGORY = '3. Offer Accepted';
