// Where a buyer follows a shipment: each carrier's tracking page (docs/dominio.md §Número de guía).
import { SHIPPING_AGENCY_LABELS, type ShippingAgencyId } from './store-constants.ts';

/**
 * The tracking page of the carriers the store ships with most. None of them takes the number in the
 * address (their pages ask for it in a form), so the link opens the page and the buyer types or
 * pastes the number shown next to it.
 */
export const CARRIER_TRACKING_PAGES: Partial<Record<ShippingAgencyId, string>> = {
  mrw: 'https://www.mrwve.com/',
  zoom: 'https://zoom.red/',
  tealca: 'https://www.tealca.com/',
};

/** The link to follow a shipment of `agency` with `number`, or null for a carrier without one. */
export function trackingLink(agency: string, number: string): { href: string; label: string } | null {
  const page = CARRIER_TRACKING_PAGES[agency as ShippingAgencyId];
  if (!page || !number.trim()) return null;
  return { href: page, label: `Seguir el envío en ${SHIPPING_AGENCY_LABELS[agency as ShippingAgencyId]}` };
}
