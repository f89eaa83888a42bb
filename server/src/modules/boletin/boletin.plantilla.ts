// The newsletter's mails: the confirmation of a sign-up (double opt-in) and a campaign (the staff's
// sanitized text, product cards with photo, name and price, and the signed links to unsubscribe
// and to the preferences page). A campaign is rendered once per batch with placeholders for the
// links; each recipient's copy only swaps them in.
import { formatUsd, toCents } from '#domain/money.ts';
import { plainText } from '#server/html.ts';

// The mailer puts the company's legal data where this mark is (withCompanyFooter in plantillas.ts).
const COMPANY_MARK = '<!--datos-de-la-empresa-->';

const escapeHtml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A product as the mail shows it; `image` and `url` are absolute. */
export type TarjetaProducto = { name: string; image: string; url: string; pvp: string };

const PREFERENCIAS = '{{enlace-preferencias}}';
const BAJA = '{{enlace-baja}}';

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;background:#f6f6f6;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;color:#a61e4d">${escapeHtml(title)}</h1>
${body}
<p style="font-size:12px;color:#666">Vitrina · Ropa y calzado para toda la familia</p>${COMPANY_MARK}</div></body></html>`;
}

export function confirmacionMail(url: string) {
  const safe = escapeHtml(url);
  const html = shell(
    'Confirme su suscripción al boletín',
    `<p style="line-height:1.5">Alguien (esperamos que usted) pidió recibir el boletín de Vitrina en este correo: novedades, promociones y lo nuevo de la tienda.</p>
<p><a href="${safe}" style="background:#c2255c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Confirmar mi suscripción</a></p>
<p style="font-size:12px;color:#666">Si el botón no funciona, copie este enlace: ${safe}</p>
<p style="font-size:12px;color:#666">Si no fue usted, ignore este correo: no le enviaremos nada más.</p>`,
  );
  const text = [
    'Confirme su suscripción al boletín',
    '',
    'Alguien (esperamos que usted) pidió recibir el boletín de Vitrina en este correo.',
    `Confirmar mi suscripción: ${url}`,
    '',
    'Si no fue usted, ignore este correo: no le enviaremos nada más.',
    '',
    'Vitrina',
    COMPANY_MARK,
  ].join('\n');
  return { subject: 'Confirme su suscripción al boletín de Vitrina', html, text };
}

function tarjetasHtml(productos: TarjetaProducto[]): string {
  if (productos.length === 0) return '';
  const cells = productos.map(
    (p) => `<td style="width:50%;padding:6px;vertical-align:top"><a href="${escapeHtml(p.url)}" style="color:#222;text-decoration:none">
<img src="${escapeHtml(p.image)}" alt="${escapeHtml(p.name)}" width="240" style="width:100%;max-width:240px;height:auto;border-radius:6px;display:block">
<span style="display:block;font-size:14px;margin-top:6px">${escapeHtml(p.name)}</span>
<strong style="display:block;font-size:15px;color:#a61e4d">${escapeHtml(formatUsd(toCents(p.pvp)))}</strong></a></td>`,
  );
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += 2) rows.push(`<tr>${cells.slice(i, i + 2).join('')}</tr>`);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0" data-productos>${rows.join('')}</table>`;
}

/**
 * A campaign with placeholders for the recipient's links; `paraDestinatario` fills them. The
 * contenido was sanitized when it was saved (the blog's allow-list).
 */
export function campanaMail(campana: { asunto: string; contenido: string }, productos: TarjetaProducto[]) {
  const html = shell(
    campana.asunto,
    `<div style="line-height:1.5">${campana.contenido}</div>
${tarjetasHtml(productos)}
<p style="font-size:12px;color:#666;border-top:1px solid #eee;padding-top:12px">Recibe este correo porque se suscribió al boletín de Vitrina.
<a href="${BAJA}" style="color:#666">Darse de baja</a> · <a href="${PREFERENCIAS}" style="color:#666">Preferencias de correo</a></p>`,
  );
  const text = [
    campana.asunto,
    '',
    plainText(campana.contenido.replace(/<\/(p|h2|h3|h4|li|blockquote)>/g, '$&\n')),
    ...productos.flatMap((p) => ['', `${p.name} · ${formatUsd(toCents(p.pvp))}`, p.url]),
    '',
    `Darse de baja: ${BAJA}`,
    `Preferencias de correo: ${PREFERENCIAS}`,
    '',
    'Vitrina',
    COMPANY_MARK,
  ].join('\n');
  return { subject: campana.asunto, html, text };
}

/** One recipient's copy: its signed links in place of the placeholders. */
export function paraDestinatario(mail: { subject: string; html: string; text: string }, links: { preferencias: string; baja: string }) {
  const fill = (s: string, asHtml: boolean) =>
    s
      .replaceAll(PREFERENCIAS, asHtml ? escapeHtml(links.preferencias) : links.preferencias)
      .replaceAll(BAJA, asHtml ? escapeHtml(links.baja) : links.baja);
  return { subject: mail.subject, html: fill(mail.html, true), text: fill(mail.text, false) };
}
