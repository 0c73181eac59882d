import { authCatalogEntry } from './auth/auth.catalog.ts';
import { forgotPasswordCatalogEntry } from './auth/forgot-password.catalog.ts';
import { setPasswordCatalogEntry } from './auth/set-password.catalog.ts';
import { cvUploadCatalogEntry } from './careers-cv/cv-upload.catalog.ts';
import { carouselCatalogEntry } from './carousel/carousel.catalog.ts';
import type { CatalogEntry } from './catalog.types.ts';
import { collapsibleSectionsCatalogEntry } from './collapsible-sections/collapsible-sections.catalog.ts';
import { compareCatalogEntry } from './compare/compare.catalog.ts';
import { comparePageCatalogEntry } from './compare/compare-page.catalog.ts';
import { consoleHoursPageCatalogEntry } from './console-hours/hours-page.catalog.ts';
import { consoleLeadPageCatalogEntry } from './console-leads/lead-page.catalog.ts';
import { consoleLeadsPageCatalogEntry } from './console-leads/leads-page.catalog.ts';
import { consoleOffersPageCatalogEntry } from './console-offers/offers-page.catalog.ts';
import { consoleOverviewCatalogEntry } from './console-overview/overview-page.catalog.ts';
import { consoleReservationsPageCatalogEntry } from './console-reservations/reservations-page.catalog.ts';
import { consoleShellCatalogEntry } from './console-shell/console-shell.catalog.ts';
import { consoleInvitationCatalogEntry } from './console-sign-in/console-invitation.catalog.ts';
import { consoleSignInCatalogEntry } from './console-sign-in/console-sign-in.catalog.ts';
import { consoleAuditPageCatalogEntry } from './console-staff/audit-page.catalog.ts';
import { consoleStaffPageCatalogEntry } from './console-staff/staff-page.catalog.ts';
import { consoleStockPageCatalogEntry } from './console-stock/stock-page.catalog.ts';
import { contentPageCatalogEntry } from './content-page/content-page.catalog.ts';
import { directorySearchCatalogEntry } from './directory-search/directory-search.catalog.ts';
import { enquiryCatalogEntry } from './enquiry/enquiry.catalog.ts';
import { favouritesCatalogEntry } from './favourites/favourites.catalog.ts';
import { financePageCatalogEntry } from './finance-application/finance-page.catalog.ts';
import { financeDisclaimerCatalogEntry } from './finance-disclaimer/finance-disclaimer.catalog.ts';
import { formSubmissionCatalogEntry } from './form-submission/form-submission.catalog.ts';
import { successPageCatalogEntry } from './form-submission/success-page.catalog.ts';
import { gatedRouteCatalogEntry } from './gated-route/gated-route.catalog.ts';
import { homePageCatalogEntry } from './home-page/home-page.catalog.ts';
import { itemSearchCatalogEntry } from './item-search/item-search.catalog.ts';
import { locationFinderCatalogEntry } from './location-finder/location-finder.catalog.ts';
import { makePickerCatalogEntry } from './make-picker/make-picker.catalog.ts';
import { moreCarsCatalogEntry } from './more-cars/more-cars.catalog.ts';
import { paymentStepCatalogEntry } from './payment-step/payment-step.catalog.ts';
import { pdfDownloadCatalogEntry } from './pdf-download/pdf-download.catalog.ts';
import { phoneRevealCatalogEntry } from './phone-reveal/phone-reveal.catalog.ts';
import { photoViewerCatalogEntry } from './photo-viewer/photo-viewer.catalog.ts';
import { priceRangeScreenCatalogEntry } from './price-range-screen/price-range-screen.catalog.ts';
import { rangeSliderCatalogEntry } from './range-slider/range-slider.catalog.ts';
import { reserveCatalogEntry } from './reserve/reserve.catalog.ts';
import { confirmSearchCatalogEntry } from './saved-searches/confirm-search.catalog.ts';
import { savedSearchesPageCatalogEntry } from './saved-searches/saved-searches-page.catalog.ts';
import { unsubscribeCatalogEntry } from './saved-searches/unsubscribe.catalog.ts';
import { searchCatalogEntry } from './search/search.catalog.ts';
import { searchHistoryCatalogEntry } from './search-history/search-history.catalog.ts';
import { shareLinkCatalogEntry } from './share-link/share-link.catalog.ts';
import { shellCatalogEntry } from './shell/shell.catalog.ts';
import { testDriveBookingCatalogEntry } from './test-drive/test-drive-booking.catalog.ts';
import { photoUploadCatalogEntry } from './trade-in/photo-upload.catalog.ts';
import { tradeInCatalogEntry } from './trade-in/trade-in.catalog.ts';
import { vehiclePageCatalogEntry } from './vehicle-page/vehicle-page.catalog.ts';
import { watchlistCatalogEntry } from './watchlist/watchlist.catalog.ts';
import { watchlistPageCatalogEntry } from './watchlist/watchlist-page.catalog.ts';

export type { CatalogEntry } from './catalog.types.ts';

/**
 * Every machine, with the payloads and bounds its generated path tests need. Each entry lives beside
 * its machine as `machines/<flow>/<flow>.catalog.ts`; add new ones here (guide: model-based testing).
 */
export const catalog: CatalogEntry[] = [
  homePageCatalogEntry,
  rangeSliderCatalogEntry,
  priceRangeScreenCatalogEntry,
  itemSearchCatalogEntry,
  makePickerCatalogEntry,
  searchHistoryCatalogEntry,
  directorySearchCatalogEntry,
  vehiclePageCatalogEntry,
  phoneRevealCatalogEntry,
  financeDisclaimerCatalogEntry,
  pdfDownloadCatalogEntry,
  shareLinkCatalogEntry,
  moreCarsCatalogEntry,
  collapsibleSectionsCatalogEntry,
  carouselCatalogEntry,
  photoViewerCatalogEntry,
  searchCatalogEntry,
  authCatalogEntry,
  forgotPasswordCatalogEntry,
  setPasswordCatalogEntry,
  watchlistCatalogEntry,
  watchlistPageCatalogEntry,
  favouritesCatalogEntry,
  compareCatalogEntry,
  comparePageCatalogEntry,
  savedSearchesPageCatalogEntry,
  unsubscribeCatalogEntry,
  confirmSearchCatalogEntry,
  gatedRouteCatalogEntry,
  shellCatalogEntry,
  formSubmissionCatalogEntry,
  cvUploadCatalogEntry,
  enquiryCatalogEntry,
  testDriveBookingCatalogEntry,
  successPageCatalogEntry,
  tradeInCatalogEntry,
  photoUploadCatalogEntry,
  contentPageCatalogEntry,
  reserveCatalogEntry,
  paymentStepCatalogEntry,
  financePageCatalogEntry,
  locationFinderCatalogEntry,
  // The dealer console (issue 36 item 7): its shell, sign-in, invitation and overview.
  consoleShellCatalogEntry,
  consoleSignInCatalogEntry,
  consoleInvitationCatalogEntry,
  consoleOverviewCatalogEntry,
  consoleReservationsPageCatalogEntry,
  consoleStockPageCatalogEntry,
  consoleLeadsPageCatalogEntry,
  consoleLeadPageCatalogEntry,
  consoleStaffPageCatalogEntry,
  consoleAuditPageCatalogEntry,
  consoleOffersPageCatalogEntry,
  consoleHoursPageCatalogEntry,
];
