import { redirect } from 'react-router';
import type { Route } from './+types/moneda.action';
import { CURRENCY_COOKIE } from './moneda.ts';
import { safeRedirect } from './safe-redirect.ts';

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const currency = form.get('moneda') === 'VES' ? 'VES' : 'USD';
  const cookie = `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=31536000; SameSite=Lax`;
  return redirect(safeRedirect(form.get('volver'), '/'), { headers: { 'Set-Cookie': cookie } });
}

export function loader() {
  return redirect('/');
}
