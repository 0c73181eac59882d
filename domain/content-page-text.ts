import type { ContentPageId } from './content-pages.ts';
import { possessive } from './format.ts';
import { locationsPageText } from './locations-page-text.ts';
import {
  BUYING_TEAM_HOURS,
  IMAGE_RULES,
  OFFER_ACCEPTED_SUBCATEGORY,
  OFFER_MAX_KM,
  OFFER_VALID_DAYS,
} from './trade-in-terms.ts';

/*
 * The text of the dealer's content pages, built from the site's settings (kept apart from their
 * paths in `content-pages.ts`, which every page's router reads).
 */

/** A content page's text: a title, an introduction and its numbered sections. */
export interface ContentPageText {
  title: string;
  description: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/** What the trade-in terms need of a site. */
export interface TermsSite {
  name: string;
  phone: string;
  trade_in: { offer_max_age_years: number };
}

/**
 * The trade-in terms (§2 "trade-in terms"): the instant offer's limits as the wizard applies them
 * (§9 "Trade-in wizard": valid 7 days; none online over the dealer's age limit or 100,000 km; at most
 * 10 photos), what accepting it means (§4 "Trade-in offer acceptance") and the buying team's hours.
 */
export function tradeInTerms(site: TermsSite): ContentPageText {
  const km = OFFER_MAX_KM.toLocaleString('en-AU');
  return {
    title: 'Trade-in terms and conditions',
    description: `The terms of ${possessive(site.name)} online trade-in valuations and instant offers.`,
    intro: `These terms apply to the online valuations and instant offers ${site.name} makes through this website's trade-in and sell-my-car pages.`,
    sections: [
      {
        heading: 'Your instant offer',
        paragraphs: [
          'An instant offer is an estimate made from the registration you enter and the details you give us: the odometer reading, service history, number of keys and condition of the car, together with recent sales of similar cars.',
          `An offer is valid for ${OFFER_VALID_DAYS} days from the day it is made, and is subject to an inspection of the car by our buying team. If the car, its odometer reading or its details differ from what you told us, the offer may change or be withdrawn.`,
        ],
      },
      {
        heading: 'Cars we value online',
        paragraphs: [
          `We don't give online estimates for cars over ${site.trade_in.offer_max_age_years} years old or over ${km} km. For those cars your details still reach our buying team, who will call you with an offer.`,
          'Where we cannot find your registration, please get in touch with one of our friendly team members to receive an offer for your vehicle.',
        ],
      },
      {
        heading: 'Accepting an offer',
        paragraphs: [
          `Accepting an offer online tells us you would like to go ahead (we record it as "${OFFER_ACCEPTED_SUBCATEGORY}"). It is not yet a contract of sale: the sale is agreed when we have inspected the car, confirmed its ownership and any finance owing on it, and you have signed our purchase documents.`,
          'You may change your mind at any time before you sign, at no cost.',
        ],
      },
      {
        heading: 'Photos of your car',
        paragraphs: [
          `Where we ask for photos you may upload up to ${IMAGE_RULES.maxImages} images (JPEG, PNG, GIF or HEIC), each under 10MB. Photos are optional and are used only to value your car. Before we store a JPEG or PNG photo we remove its metadata, including any location it was taken at.`,
        ],
      },
      {
        heading: 'Your details',
        paragraphs: [
          `We use your name, email, phone number and postcode only to contact you about selling or trading in your car. Your valuation and details are kept by ${site.name} and are not sold to anyone else.`,
        ],
      },
      {
        heading: 'Talk to our buying team',
        paragraphs: [`Our buying team is available ${BUYING_TEAM_HOURS}, on ${site.phone}.`],
      },
    ],
  };
}

/** A content page's text for a site. */
export function contentPageText(page: ContentPageId, site: TermsSite): ContentPageText {
  switch (page) {
    case 'tradeInTerms':
      return tradeInTerms(site);
    case 'location':
    case 'dealerships':
      return locationsPageText(site);
  }
}
