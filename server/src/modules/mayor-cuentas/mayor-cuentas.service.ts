// Accounts (mayor/cuentas): for now the payment options the checkout shows, with today's discount of each.
import type { OpcionDePago } from '#domain/contracts/mayor-cuentas.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHODS } from '#domain/store-constants.ts';
import type { Db } from '#server/db/client.ts';
import { paymentDiscounts } from '#server/modules/descuento/descuento.service.ts';

export async function opcionesDePago(db: Db): Promise<OpcionDePago[]> {
  const discounts = await paymentDiscounts(db);
  return PAYMENT_METHOD_IDS.map((id) => {
    const method = PAYMENT_METHODS[id];
    const discount = discounts.get(id);
    return {
      id,
      label: method.label,
      icon: method.icon,
      currency: method.currency,
      takesReference: method.takesReference,
      needsBank: method.needsBank,
      cardCommission: method.cardCommission,
      discountType: discount?.rule.kind ?? null,
      discountValue: discount?.value ?? null,
      discountName: discount?.name ?? null,
    };
  });
}
