import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  consoleOffersRequest,
  createOfferRequest,
  endOfferRequest,
  offerImageRequest,
  updateOfferRequest,
} from '../../../domain/contracts/console-offers.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import { apiError } from '../../api/api-error.ts';
import { type ApiContext, type ServedEndpoint, serve } from '../../api/serve.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { boundaryOf } from '../../media/multipart.ts';
import type { Db } from '../../store/db.ts';
import { receiveOfferImage } from './offer-image.ts';
import { type ConsoleOfferAnswer, endOffer, listConsoleOffers, saveOffer } from './offers.ts';

/** What the offers' routes use. */
export interface OffersConsoleDeps {
  db: Db;
  now?: () => Date;
  /** Where offer pictures are stored (the photo pipeline's media storage); without it none is taken. */
  media?: MediaStore | null;
  /** Makes the public site and kept pages show a change at once, here and in the other processes. */
  contentChanged?: () => Promise<void>;
}

/** The signed-in member; `serve()` has refused the request before the handler runs without one. */
const memberOf = (c: ApiContext): StaffMember => c.get('staff') as StaffMember;

/** An answer, or its refusal as the error it is. */
const answer = (c: ApiContext, result: ConsoleOfferAnswer) =>
  'refused' in result
    ? apiError(c, result.refused.status, result.refused.code, result.refused.message, result.refused.fields)
    : result;

/**
 * The offers' endpoints (issue 36 item 6; contracts in `domain/contracts/console-offers.ts`), each
 * for this site's managers: the list, a picture's upload, adding, changing and ending an offer.
 * `/offers/images` is registered before `/offers/:id`, whose pattern would otherwise take it.
 */
export function offersConsoleEndpoints(deps: OffersConsoleDeps): ServedEndpoint[] {
  const logic = {
    db: deps.db,
    media: deps.media ?? null,
    now: deps.now ?? (() => new Date()),
    contentChanged: deps.contentChanged ?? (async () => undefined),
  };
  return [
    serve(consoleOffersRequest, (c) => listConsoleOffers(logic, c.get('site'))),
    serve(offerImageRequest, async (c) => {
      const boundary = boundaryOf(c.req.header('content-type') ?? '');
      if (!boundary)
        return apiError(c, 415, 'unsupported_media_type', 'Send the picture as multipart/form-data');
      if (!logic.media)
        return apiError(c, 503, 'busy', 'Pictures cannot be stored just now. Please try again later.');
      const body = c.req.raw.body;
      const receipt = await receiveOfferImage(
        logic.media,
        body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]),
        boundary,
      );
      if (receipt.kind === 'refused') {
        return apiError(c, receipt.status, receipt.code, receipt.message, receipt.fields);
      }
      return { image_url: receipt.image_url, srcset: receipt.srcset };
    }),
    serve(createOfferRequest, async (c, { body }) =>
      answer(c, await saveOffer(logic, c.get('site'), memberOf(c).id, null, body)),
    ),
    serve(updateOfferRequest, async (c, { params, body }) =>
      answer(c, await saveOffer(logic, c.get('site'), memberOf(c).id, params.id, body)),
    ),
    serve(endOfferRequest, async (c, { params }) =>
      answer(c, await endOffer(logic, c.get('site'), memberOf(c).id, params.id)),
    ),
  ];
}
