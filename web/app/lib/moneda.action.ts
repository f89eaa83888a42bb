import { redirect } from 'react-router';
import type { Route } from './+types/moneda.action';
import { CURRENCY_COOKIE } from './moneda.ts';

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const currency = form.get('moneda') === 'VES' ? 'VES' : 'USD';
  const back = String(form.get('volver') ?? '/');
  const cookie = `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=31536000; SameSite=Lax`;
  // Only same-site paths: never an open redirect.
  const target = back.startsWith('/') && !back.startsWith('//') ? back : '/';
  return redirect(target, { headers: { 'Set-Cookie': cookie } });
}

export function loader() {
  return redirect('/');
}
