import type { CollapsibleSection } from '../collapsible-sections/collapsible-sections.machine.ts';

/** §2 Collapsible sections, by header name. */
export const SECTION_NAMES = {
  reserve: 'Reserve Online',
  whyBuy: 'Why Buy From Us',
  protect: 'Protect Your Car',
  summary: 'Car Summary',
  specifications: 'All Specifications',
} as const;

/**
 * The car page's collapsible sections (§2 "Some persist their open state by header name"; the spec
 * does not say which): the two about the car itself, Car Summary and All Specifications, keep the
 * shopper's choice from car to car; the dealer's own sections start at their defaults on every car.
 * Reserve Online is there only for a reservable car (§5).
 */
export function vehicleSections(reservable: boolean): CollapsibleSection[] {
  return [
    ...(reservable ? [{ name: SECTION_NAMES.reserve, persist: false, defaultOpen: true }] : []),
    { name: SECTION_NAMES.whyBuy, persist: false, defaultOpen: false },
    { name: SECTION_NAMES.protect, persist: false, defaultOpen: false },
    { name: SECTION_NAMES.summary, persist: true, defaultOpen: true },
    { name: SECTION_NAMES.specifications, persist: true, defaultOpen: false },
  ];
}
