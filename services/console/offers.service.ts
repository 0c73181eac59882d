import {
  type ConsoleOffer,
  type ConsoleOffers,
  consoleOffersEndpoint,
  type consoleOffersRequest,
  createOfferEndpoint,
  type createOfferRequest,
  endOfferEndpoint,
  type endOfferRequest,
  offerImageEndpoint,
  updateOfferEndpoint,
  type updateOfferRequest,
} from '../../domain/contracts/console-offers.ts';
import type { EveryFieldOf } from '../../domain/contracts/endpoint.ts';
import type { OfferForm } from '../../domain/offer-form.ts';
import { call, type Http } from '../http.ts';

/** The site's offers (`GET /api/dealer/offers`). */
export function fetchConsoleOffers(http: Http): Promise<ConsoleOffers> {
  return call<typeof consoleOffersEndpoint, typeof consoleOffersRequest>(http, consoleOffersEndpoint);
}

/** An offer's picture (`POST /api/dealer/offers/images`, multipart `file`): its stored address. */
export function uploadOfferImage(
  http: Http,
  input: { file: Blob; name: string },
): Promise<{ image_url: string; srcset: string }> {
  const form = new FormData();
  form.set('file', input.file, input.name);
  return http.postForm(offerImageEndpoint.path, form, offerImageEndpoint.answer);
}

/** Adds an offer (`id` null) or changes one (`POST /api/dealer/offers[/:id]`): the offer as stored. */
export function saveOffer(http: Http, input: { id: number | null; form: OfferForm }): Promise<ConsoleOffer> {
  const { form } = input;
  const body = {
    title: form.title,
    description: form.description,
    image_url: form.image_url,
    link: form.link,
    starts: form.starts,
    ends: form.ends,
    dealership_ids: form.dealership_ids,
  } satisfies EveryFieldOf<typeof createOfferRequest>;
  if (input.id === null) {
    return call<typeof createOfferEndpoint, typeof createOfferRequest>(http, createOfferEndpoint, { body });
  }
  return call<typeof updateOfferEndpoint, typeof updateOfferRequest>(http, updateOfferEndpoint, {
    params: { id: input.id },
    body,
  });
}

/** Ends an offer now (`POST /api/dealer/offers/:id/end`): the offer as ended. */
export function endOffer(http: Http, input: { id: number }): Promise<ConsoleOffer> {
  return call<typeof endOfferEndpoint, typeof endOfferRequest>(http, endOfferEndpoint, {
    params: { id: input.id },
  });
}
