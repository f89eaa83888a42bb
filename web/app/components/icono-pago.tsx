// The icon of each payment method (docs/dominio.md §Listas fijas), from Tabler.
import {
  IconBrandPaypal,
  IconBuildingBank,
  IconCash,
  IconClock,
  IconCreditCard,
  IconCurrencyDollar,
  IconDeviceMobile,
  type IconProps,
  IconWallet,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { PaymentMethodId } from '#domain/store-constants.ts';

const ICONS: Record<PaymentMethodId, ComponentType<IconProps>> = {
  uphold: IconWallet,
  paypal: IconBrandPaypal,
  tarjeta: IconCreditCard,
  zelle: IconCurrencyDollar,
  efectivo: IconCash,
  'pago-movil': IconDeviceMobile,
  transferencia: IconBuildingBank,
  'pago-pendiente': IconClock,
};

export function IconoPago({ method, size = 24 }: { method: PaymentMethodId; size?: number }) {
  const Icon = ICONS[method];
  return <Icon size={size} stroke={1.6} aria-hidden="true" />;
}
