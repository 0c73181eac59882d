import { z } from 'zod/mini';
import { offerFormSchema } from '../offer-form.ts';
import { type Endpoint, withRequest } from './endpoint.ts';

/**
 * The dealer console's offers (issue 36 item 6): a site's promotions — running, to come and ended —
 * added, changed and ended by its managers (`staff: 'manager'`); another site's offer is not found.
 * The picture is uploaded first (`offerImageEndpoint`) and the form names the address it answers.
 */

/** One offer as the console lists it. */
export const consoleOfferSchema = z.object({
  id: z.int(),
  title: z.string(),
  description: z.nullable(z.string()),
  image_url: z.string(),
  link: z.string(),
  /** Its first and last day, the dealer's days (`YYYY-MM-DD`). */
  starts: z.string(),
  ends: z.string(),
  start_at: z.string(),
  expires_at: z.string(),
  dealership_ids: z.array(z.int()),
  phase: z.enum(['upcoming', 'running', 'ended']),
  /** Its page on the storefront (`/special-offers/<id>`). */
  path: z.string(),
});
/** An offer in the console. */
export type ConsoleOffer = z.infer<typeof consoleOfferSchema>;

/** The offers page: every offer of the site (running and to come first), and where one can show. */
export const consoleOffersSchema = z.object({
  offers: z.array(consoleOfferSchema),
  dealerships: z.array(z.object({ id: z.int(), name: z.string() })),
  /** The dealer's today (`YYYY-MM-DD`, its own time zone): the earliest day a form may choose. */
  today: z.string(),
});
/** The console's offers page data. */
export type ConsoleOffers = z.infer<typeof consoleOffersSchema>;

const offerParams = () => z.object({ id: z.coerce.number().check(z.int(), z.positive()) });
const offerErrors = ['offer_not_found', 'invalid_offer'] as const;

/** `GET /api/dealer/offers`: the site's offers. */
export const consoleOffersEndpoint = {
  method: 'GET',
  path: '/api/dealer/offers',
  answer: consoleOffersSchema,
  staff: 'manager',
} as const satisfies Endpoint;
export const consoleOffersRequest = withRequest(consoleOffersEndpoint, () => ({}));

/** `POST /api/dealer/offers` (the form): adds an offer; 201 with it. */
export const createOfferEndpoint = {
  method: 'POST',
  path: '/api/dealer/offers',
  answer: consoleOfferSchema,
  status: 201,
  staff: 'manager',
} as const satisfies Endpoint;
export const createOfferRequest = withRequest(createOfferEndpoint, () => ({
  errors: offerErrors,
  body: offerFormSchema,
}));

/** `POST /api/dealer/offers/:id` (the form): changes an offer; answers it. */
export const updateOfferEndpoint = {
  method: 'POST',
  path: '/api/dealer/offers/:id',
  answer: consoleOfferSchema,
  staff: 'manager',
} as const satisfies Endpoint;
export const updateOfferRequest = withRequest(updateOfferEndpoint, () => ({
  errors: offerErrors,
  params: offerParams(),
  body: offerFormSchema,
}));

/** `POST /api/dealer/offers/:id/end`: ends an offer now (its expiry becomes this moment); answers it. */
export const endOfferEndpoint = {
  method: 'POST',
  path: '/api/dealer/offers/:id/end',
  answer: consoleOfferSchema,
  staff: 'manager',
} as const satisfies Endpoint;
export const endOfferRequest = withRequest(endOfferEndpoint, () => ({
  errors: ['offer_not_found', 'offer_ended'],
  params: offerParams(),
}));

/** The largest picture an offer takes. */
export const OFFER_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** What a picture over it is told. */
export const OFFER_IMAGE_TOO_BIG = 'The picture must be under 10MB';

/**
 * `POST /api/dealer/offers/images` (multipart: `file`): a picture for an offer, judged by its
 * content, cropped to the banner's shape (32:9), written anew without its metadata and stored through
 * the photo pipeline (issue 35); answers its address (`/media/photos/<hash>/960`, served at every
 * width by `Accept`) — 201.
 */
export const offerImageEndpoint = {
  method: 'POST',
  path: '/api/dealer/offers/images',
  answer: z.object({ image_url: z.string(), srcset: z.string() }),
  status: 201,
  staff: 'manager',
  maxBody: OFFER_IMAGE_MAX_BYTES + 64 * 1024,
} as const satisfies Endpoint;
export const offerImageRequest = withRequest(offerImageEndpoint, () => ({
  errors: ['not_an_image', 'image_too_large', 'image_too_small'],
}));

/** Every console endpoint of the offers. */
export const CONSOLE_OFFER_ENDPOINTS = [
  consoleOffersRequest,
  createOfferRequest,
  updateOfferRequest,
  endOfferRequest,
  offerImageRequest,
] as const;

/** The offers' endpoints whose bodies may be larger than the server's 64 kB: the picture's upload. */
export const OFFER_LARGE_BODY_ENDPOINTS: readonly { path: string; maxBody: number; tooLarge: string }[] = [
  { path: offerImageEndpoint.path, maxBody: offerImageEndpoint.maxBody, tooLarge: OFFER_IMAGE_TOO_BIG },
];
