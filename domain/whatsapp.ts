// «Pedir por WhatsApp» (docs/decisions/0033): the store's number as wa.me wants it and the message a
// WhatsApp order opens the chat with (articles, total in $ and Bs., the order's code and its link).
import { igtfParaCubrir } from './igtf.ts';
import { formatUsd, formatVes, toCents, usdToVesCents } from './money.ts';

export { whatsappDigits } from './whatsapp-numero.ts';

/** The chat with `digits` (see whatsappDigits) opened with `text` typed. */
export function whatsappChatUrl(digits: string, text: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

export type WhatsappOrderLine = { name: string; color: string | null; size: string | null; quantity: number };

export type WhatsappOrder = {
  code: string;
  /** USD, as the order keeps it ("45.00"). */
  total: string;
  /** The order's frozen rate (Bs. per dollar). */
  rate: string;
  /** The IGTF rate the order was placed with (300 = 3 %; 0 or absent: not charged) and its IGTF. */
  igtfBasisPoints?: number;
  igtf?: string;
  items: readonly WhatsappOrderLine[];
};

/** One article line: «• 2 × Franela Básica, color Rojo, talla M». */
function lineText(line: WhatsappOrderLine): string {
  const parts = [line.name, line.color ? `color ${line.color}` : null, line.size ? `talla ${line.size}` : null].filter(Boolean);
  return `• ${line.quantity} × ${parts.join(', ')}`;
}

/**
 * What the buyer sends the store: the order's code first (staff find it by it), each article with its
 * colour, size and units (an article taken from two stores is one line), the total in dollars and in
 * bolívares at the order's rate, and the order's public link.
 */
export function whatsappOrderMessage(order: WhatsappOrder, orderLink: string): string {
  const merged = new Map<string, WhatsappOrderLine>();
  for (const item of order.items) {
    const key = `${item.name}|${item.color ?? ''}|${item.size ?? ''}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + item.quantity } : { ...item });
  }
  const cents = toCents(order.total);
  return [
    `Hola, hice el pedido ${order.code} en la tienda en línea y quiero completarlo por aquí:`,
    ...[...merged.values()].map(lineText),
    `Total: ${formatUsd(cents)} (${formatVes(usdToVesCents(cents, order.rate))})`,
    ...divisasLine(order, cents),
    'Pago y envío: por acordar por WhatsApp.',
    `Mi pedido: ${orderLink}`,
  ].join('\n');
}

/** Paying in divisas adds the IGTF (domain/igtf.ts): the buyer reads it before paying. */
function divisasLine(order: WhatsappOrder, totalCents: number): string[] {
  const basisPoints = order.igtfBasisPoints ?? 0;
  if (basisPoints <= 0 || toCents(order.igtf ?? '0') > 0) return [];
  const igtf = igtfParaCubrir(totalCents, { charged: true, basisPoints });
  const percent = (basisPoints / 100).toLocaleString('es-VE');
  return [
    `Si paga en divisas (dólares, Zelle, PayPal) se suma el IGTF de ${percent} %: ${formatUsd(igtf)}, total ${formatUsd(totalCents + igtf)}.`,
  ];
}
