// Spanish e-mails, each with an HTML and a plain-text part.
import { edadEnPalabras } from '#domain/articulo-infantil.ts';
import { shippingRow } from '#domain/envios.ts';
import { formatRatePerUsd, formatUsd, formatVes, toCents, usdToVesCents } from '#domain/money.ts';

const escapeHtml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stands for a secret link in the outbox's copy of a mail (the delivered mail has the real one). */
export const HIDDEN_LINK = '[enlace oculto]';

type Action = { label: string; url: string };

function actionHtml(action: Action): string {
  if (action.url === HIDDEN_LINK) return `<p>${escapeHtml(action.label)}: ${HIDDEN_LINK}</p>`;
  const url = escapeHtml(action.url);
  return `<p><a href="${url}" style="background:#c2255c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#666">Si el botón no funciona, copie este enlace: ${url}</p>`;
}

// Where the company's legal data goes at the foot of every mail. The templates do not read the
// database: the mailer fills it in (withCompanyFooter) with what /dashboard/tiendas/empresa saved.
const COMPANY_MARK = '<!--datos-de-la-empresa-->';

function layout(title: string, paragraphs: string[], action?: Action | Action[]) {
  const actions = action === undefined ? [] : Array.isArray(action) ? action : [action];
  const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;background:#f6f6f6;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;color:#a61e4d">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${actions.map(actionHtml).join('\n')}
<p style="font-size:12px;color:#666">Vitrina · Ropa y calzado para toda la familia</p>${COMPANY_MARK}</div></body></html>`;
  const footer = ['', 'Vitrina', COMPANY_MARK];
  const text = [title, '', ...paragraphs, ...actions.flatMap((a) => ['', `${a.label}: ${a.url}`]), ...footer].join('\n');
  return { html, text };
}

/** The legal data printed at the foot of the mails. */
export type CompanyFooter = { razonSocial: string; rif: string; address: string; phone1: string; phone2: string; email: string };

/**
 * The mail with the company's razón social, RIF, address, phones and e-mail at its foot (nothing
 * when no razón social was saved): the mailer calls it on every mail. Only the last mark is
 * replaced, so a paragraph that happened to contain it changes nothing.
 */
export function withCompanyFooter<M extends { html: string; text: string }>(mail: M, company: CompanyFooter | null): M {
  const lines = company?.razonSocial
    ? [
        [company.razonSocial, company.rif ? `RIF ${company.rif}` : ''].filter(Boolean).join(' · '),
        [company.address, company.phone1, company.phone2, company.email].filter(Boolean).join(' · '),
      ].filter(Boolean)
    : [];
  const fill = (part: string, mark: string, value: string) => {
    const at = part.lastIndexOf(mark);
    return at === -1 ? part : part.slice(0, at) + value + part.slice(at + mark.length);
  };
  const html = lines.length ? `<p style="font-size:11px;color:#888">${lines.map(escapeHtml).join('<br>')}</p>` : '';
  const text = lines.length ? `\n${lines.join('\n')}` : '';
  return { ...mail, html: fill(mail.html, COMPANY_MARK, html), text: fill(mail.text, `\n${COMPANY_MARK}`, text) };
}

/** The mail with `url`, and the copy the outbox keeps with the link hidden. */
function withSecretLink(url: string, build: (url: string) => { html: string; text: string }) {
  return { ...build(url), outbox: build(HIDDEN_LINK) };
}

/**
 * The name a greeting may carry: the first word, letters only, at most 30 of them. Names are typed
 * by whoever fills a form, so nothing else of theirs reaches a mailbox that may not be theirs.
 */
export function firstName(name: string): string {
  const word = name.normalize('NFC').trim().split(/\s+/)[0] ?? '';
  return [...word.replace(/[^\p{L}]/gu, '')].slice(0, 30).join('');
}

export function greeting(name: string): string {
  const first = firstName(name);
  return first ? `Hola, ${first}` : 'Hola';
}

/** Sign-up: the account is created when the link is followed. */
export function signupMail(nickname: string, url: string) {
  return {
    subject: 'Confirme su correo para crear su cuenta',
    ...withSecretLink(url, (link) =>
      layout(
        greeting(nickname),
        [
          'Recibimos una solicitud para crear una cuenta en Vitrina con este correo. Confírmelo para terminar el registro.',
          'El enlace vence en 24 horas. Si no fue usted, ignore este correo: no se creará ninguna cuenta.',
        ],
        { label: 'Crear mi cuenta', url: link },
      ),
    ),
  };
}

/** Sign-up with an address that already has an account: no new account, a way back into the old one. */
export function accountExistsMail(nickname: string, loginUrl: string, resetUrl: string) {
  return {
    subject: 'Ya tiene una cuenta en Vitrina',
    ...layout(
      greeting(nickname),
      [
        'Recibimos una solicitud para crear una cuenta en Vitrina con este correo, pero ya tiene una.',
        `Si no recuerda su contraseña, puede restablecerla aquí: ${resetUrl}`,
        'Si no fue usted, ignore este correo: su cuenta sigue igual.',
      ],
      { label: 'Ingresar', url: loginUrl },
    ),
  };
}

export function verificationMail(nickname: string, url: string) {
  return {
    subject: 'Confirme su correo electrónico',
    ...withSecretLink(url, (link) =>
      layout(greeting(nickname), ['Confirme su correo electrónico para terminar el registro.', 'El enlace vence en 60 minutos.'], {
        label: 'Confirmar correo',
        url: link,
      }),
    ),
  };
}

export function passwordResetMail(nickname: string, url: string) {
  return {
    subject: 'Restablecer su contraseña',
    ...withSecretLink(url, (link) =>
      layout(
        greeting(nickname),
        [
          'Recibimos una solicitud para restablecer la contraseña de su cuenta.',
          'El enlace vence en 60 minutos y sirve una sola vez. Si no fue usted, ignore este correo.',
        ],
        { label: 'Restablecer contraseña', url: link },
      ),
    ),
  };
}

export function passwordChangedMail(nickname: string) {
  return {
    subject: 'Su contraseña fue cambiada',
    ...layout(greeting(nickname), [
      'La contraseña de su cuenta fue cambiada y se cerraron sus otras sesiones.',
      'Si no fue usted, restablézcala de inmediato y contáctenos.',
    ]),
  };
}

/** `documento`: the sale document the order became (its factura), with the signed link to its PDF. */
export function orderStepMail(
  name: string,
  code: string,
  stepLabel: string,
  url: string,
  extra: string,
  summary: string[] = [],
  documento: { kind: string; number: string; url: string } | null = null,
) {
  const lines = [`Su orden de compra ${code} está ahora en el paso «${stepLabel}».`, ...(extra ? [extra] : []), ...summary];
  if (documento) lines.push(`Su ${documento.kind} ${documento.number} está emitida: descárguela en PDF con el enlace de abajo.`);
  return {
    subject: `Orden ${code}: ${stepLabel}`,
    ...layout(greeting(name), lines, [
      { label: 'Ver mi orden', url },
      ...(documento ? [{ label: `Descargar la ${documento.kind} ${documento.number} (PDF)`, url: documento.url }] : []),
    ]),
  };
}

/** The tracking number of an order already dispatched, given or corrected after its «Despachada» mail. */
export function trackingNumberMail(name: string, code: string, url: string, trackingNumber: string, corrected: boolean) {
  const title = corrected ? 'número de guía corregido' : 'número de guía';
  return {
    subject: `Orden ${code}: ${title}`,
    ...layout(
      greeting(name),
      [
        corrected
          ? `El número de guía de su orden ${code} cambió: ahora es ${trackingNumber}.`
          : `Su orden ${code} ya fue despachada y su número de guía es ${trackingNumber}.`,
        'Con él puede seguir el envío en la página de la empresa de encomiendas.',
      ],
      [{ label: 'Ver mi orden', url }],
    ),
  };
}

/** The buyer's factura got its número de control from the imprenta digital: its PDF, now the fiscal invoice. */
export function facturaEmitidaMail(name: string, code: string, url: string, documento: { kind: string; number: string; url: string }) {
  return {
    subject: `Orden ${code}: su ${documento.kind} ${documento.number}`,
    ...layout(
      greeting(name),
      [
        `La ${documento.kind} ${documento.number} de su orden ${code} ya tiene su número de control de la imprenta digital.`,
        'Descárguela en PDF con el enlace de abajo.',
      ],
      [
        { label: `Descargar la ${documento.kind} ${documento.number} (PDF)`, url: documento.url },
        { label: 'Ver mi orden', url },
      ],
    ),
  };
}

type SummaryOrder = {
  subtotal: string;
  iva: string;
  /** The shipping charged with the order (0 for a pickup and «por cobrar»). */
  shipping: string;
  delivery: { shipping: string; agency: string; payShipping: string; daysMin?: number | null; daysMax?: number | null };
  commission: string;
  discount: string;
  couponCode: string | null;
  couponDiscount: string;
  paymentDiscount: string;
  paymentDiscountName: string;
  total: string;
  rate: string;
};
type SummaryLine = {
  name: string;
  quantity: number;
  grossCents: number;
  promotionCents: number;
  discountCents: number;
  discountName: string;
  couponCents: number;
  paymentCents: number;
  netCents: number;
};

/**
 * What the order charges, line by line, as the cart and the order page show it: the article's price,
 * its discount, its share of the coupon and of the payment discount, and the totals (USD and Bs.).
 */
export function orderSummary(order: SummaryOrder, lines: readonly SummaryLine[], agencyLabel = ''): string[] {
  const usd = (cents: number) => formatUsd(cents);
  const amount = (text: string) => usd(toCents(text));
  const envio = shippingRow({ ...order.delivery, agencyLabel });
  const rows = lines.map((l) => {
    const parts = [`${l.quantity} × ${l.name}: ${usd(l.grossCents - l.promotionCents)}`];
    if (l.discountCents > 0) parts.push(`descuento${l.discountName ? ` «${l.discountName}»` : ''} −${usd(l.discountCents)}`);
    if (l.couponCents > 0) parts.push(`cupón −${usd(l.couponCents)}`);
    if (l.paymentCents > 0) parts.push(`descuento por el pago −${usd(l.paymentCents)}`);
    return `${parts.join(', ')} = ${usd(l.netCents)}`;
  });
  const totals = [
    toCents(order.discount) > 0 ? `Descuentos de los artículos: −${amount(order.discount)}` : '',
    order.couponCode && toCents(order.couponDiscount) > 0 ? `Cupón ${order.couponCode}: −${amount(order.couponDiscount)}` : '',
    toCents(order.paymentDiscount) > 0
      ? `Descuento por el método de pago${order.paymentDiscountName ? ` (${order.paymentDiscountName})` : ''}: −${amount(order.paymentDiscount)}`
      : '',
    `Subtotal: ${amount(order.subtotal)}`,
    `IVA (16 %): ${amount(order.iva)}`,
    `${envio.label}: ${envio.instead ?? amount(order.shipping)}${envio.estimate ? ` (${envio.estimate})` : ''}`,
    toCents(order.commission) > 0 ? `Comisión del método de pago: ${amount(order.commission)}` : '',
    `Total: ${amount(order.total)} (${formatVes(usdToVesCents(toCents(order.total), order.rate))} a ${formatRatePerUsd(order.rate)})`,
  ].filter(Boolean);
  return ['Resumen de su pedido:', ...rows, ...totals];
}

export type SaleNotice = {
  event: 'nueva-orden' | 'pago-reportado';
  code: string;
  buyer: string;
  dni: string;
  email: string;
  totalUsd: string;
  totalVes: string;
  stepLabel: string;
  paymentLabel: string;
  url: string;
};

/** To the staff who follow web sales (config/notify-users-of-sale). */
export function staffSaleMail(nickname: string, n: SaleNotice) {
  const what = n.event === 'nueva-orden' ? 'Nueva orden de compra' : 'Pago reportado';
  const lead =
    n.event === 'nueva-orden'
      ? `Se registró la orden de compra ${n.code} en la tienda en línea.`
      : `El comprador reportó el pago de la orden de compra ${n.code}; falta confirmarlo.`;
  return {
    subject: `${what}: ${n.code} · ${n.totalUsd}`,
    ...layout(
      greeting(nickname),
      [
        lead,
        `Comprador: ${n.buyer} (${n.dni}, ${n.email}).`,
        `Total: ${n.totalUsd} · ${n.totalVes}.`,
        `Método de pago: ${n.paymentLabel}. Estado: «${n.stepLabel}».`,
      ],
      { label: 'Ver la orden', url: n.url },
    ),
  };
}

/** One child's birthday coupon, as the mail tells it (dates already dd/mm/aaaa). */
export type BirthdayCoupon = {
  childName: string;
  age: number;
  birthday: string;
  code: string;
  /** «15 %» */
  percent: string;
  /** Where it applies: «la línea Niños». */
  appliesTo: string;
  validTo: string;
};

/** A customer's birthday coupons of one day: usually one child, sometimes twins or close birthdays. */
export function birthdayCouponMail(nickname: string, coupons: BirthdayCoupon[], url: string, linkLabel: string) {
  const names = coupons.map((c) => firstName(c.childName) || 'su niño');
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`;
  return {
    subject: coupons.length === 1 ? `Un regalo para el cumpleaños de ${list}` : `Regalos para los cumpleaños de ${list}`,
    ...layout(
      greeting(nickname),
      [
        ...coupons.flatMap((c, i) => [
          `${names[i]} cumple ${edadEnPalabras(c.age)} el ${c.birthday} y queremos celebrarlo con ustedes.`,
          `Su cupón ${c.code} le da ${c.percent} de descuento en ${c.appliesTo}, hasta el ${c.validTo}.`,
        ]),
        coupons.length === 1
          ? 'Escriba el código en su carrito o al pagar. Es personal (vale con su cuenta o con este correo) y sirve para una compra.'
          : 'Escriba cada código en su carrito o al pagar. Son personales (valen con su cuenta o con este correo) y cada uno sirve para una compra.',
      ],
      { label: linkLabel, url },
    ),
  };
}

/** The store's answer to a message sent from /contact, quoting it; every line is the staff's or the visitor's text, escaped. */
export function contactReplyMail(name: string, subject: string, reply: string, original: string) {
  const paragraphs = (text: string) =>
    text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
  return {
    subject: `Re: ${subject}`,
    ...layout(greeting(name), [...paragraphs(reply), 'Su mensaje:', ...paragraphs(original).map((p) => `«${p}»`)]),
  };
}
