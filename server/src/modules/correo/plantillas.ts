// Spanish e-mails, each with an HTML and a plain-text part.
const escapeHtml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;background:#f6f6f6;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;color:#a61e4d">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="background:#c2255c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#666">Si el botón no funciona, copie este enlace: ${escapeHtml(action.url)}</p>` : ''}
<p style="font-size:12px;color:#666">Vitrina · Ropa y calzado para toda la familia</p></div></body></html>`;
  const text = [title, '', ...paragraphs, ...(action ? ['', `${action.label}: ${action.url}`] : []), '', 'Vitrina'].join('\n');
  return { html, text };
}

export function verificationMail(nickname: string, url: string) {
  return {
    subject: 'Confirme su correo electrónico',
    ...layout(
      `Hola, ${nickname}`,
      [
        'Gracias por crear su cuenta en Vitrina. Confirme su correo electrónico para terminar el registro.',
        'El enlace vence en 60 minutos.',
      ],
      {
        label: 'Confirmar correo',
        url,
      },
    ),
  };
}

export function passwordResetMail(nickname: string, url: string) {
  return {
    subject: 'Restablecer su contraseña',
    ...layout(
      `Hola, ${nickname}`,
      [
        'Recibimos una solicitud para restablecer la contraseña de su cuenta.',
        'El enlace vence en 60 minutos y sirve una sola vez. Si no fue usted, ignore este correo.',
      ],
      {
        label: 'Restablecer contraseña',
        url,
      },
    ),
  };
}

export function passwordChangedMail(nickname: string) {
  return {
    subject: 'Su contraseña fue cambiada',
    ...layout(`Hola, ${nickname}`, [
      'La contraseña de su cuenta fue cambiada y se cerraron sus otras sesiones.',
      'Si no fue usted, restablézcala de inmediato y contáctenos.',
    ]),
  };
}

export function orderStepMail(name: string, code: string, stepLabel: string, url: string, extra: string) {
  return {
    subject: `Orden ${code}: ${stepLabel}`,
    ...layout(`Hola, ${name}`, [`Su orden de compra ${code} está ahora en el paso «${stepLabel}».`, ...(extra ? [extra] : [])], {
      label: 'Ver mi orden',
      url,
    }),
  };
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
      `Hola, ${nickname}`,
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
