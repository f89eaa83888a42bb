// The store's WhatsApp number as wa.me wants it, apart from the order's message (whatsapp.ts): the
// article page checks the number to show «Pedir por WhatsApp» and needs nothing else of the chat.

/**
 * The store's WhatsApp number (footer) as wa.me wants it: digits with the country code, no «+».
 * A local number (0414-555-0101) gets Venezuela's 58. '' when nothing usable is configured.
 */
export function whatsappDigits(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (/^0\d{10}$/.test(digits)) return `58${digits.slice(1)}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : '';
}
