// Step 4: the payment method; for methods with a reference, the store's accounts and the payment data.
import { Alert, Button, Card, CopyButton, Group, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useEffect } from 'react';
import { VENEZUELAN_BANKS } from '#domain/banks.ts';
import { amountFollowingDue, amountToPay, type CheckoutDraft, type FieldErrors, paysInDivisas, totalsFor } from '#domain/checkout.ts';
import type { CartView } from '#domain/contracts/carrito.ts';
import type { BankAccount } from '#domain/contracts/general.ts';
import type { OpcionDePago } from '#domain/contracts/mayor-cuentas.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { describeRule } from '#domain/descuentos.ts';
import { formatAmount, formatUsd, formatVes, toCents, usdToVesCents } from '#domain/money.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHODS, type PaymentMethodId } from '#domain/store-constants.ts';
import { CampoMonto } from '#web/components/campo-monto.tsx';
import { IconoPago } from '#web/components/icono-pago.tsx';
import { usePrecio } from '#web/components/precio.tsx';

type Props = {
  draft: CheckoutDraft;
  update: (change: (d: CheckoutDraft) => CheckoutDraft) => void;
  errors: FieldErrors;
  accounts: BankAccount[];
  cart: CartView;
  /** Each method with the discount it gives today (mayor/cuentas/opciones-de-pagos). */
  options: OpcionDePago[];
  /** The shipping of the chosen agency and state (0 for a pickup or «por cobrar»). */
  shippingCents: number;
  /**
   * Methods paid at the provider and captured by the store (docs/decisions/0035, 0036): PayPal then
   * takes no reference, and the card is offered only when configured.
   */
  online?: { paypal: boolean; tarjeta: boolean };
};

/** One datum of the store's account with a «Copiar» button: the buyer pastes it into the bank's app. */
function Dato({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="space-between">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {label}: {value}
      </Text>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copiado' : `Copiar ${label.toLowerCase()}`} withArrow>
            <Button
              size="compact-sm"
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? `${label} copiado` : `Copiar ${label.toLowerCase()}`}
              style={{ flexShrink: 0 }}
              data-testid={`copiar-${testId}`}
            >
              {copied ? 'Copiado' : 'Copiar'}
            </Button>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function Cuenta({ account }: { account: BankAccount }) {
  // Pago Móvil asks for the bank code, the phone and the RIF: all three in one go.
  const pagoMovil = account.phone && account.bank_code ? `${account.bank_code} ${account.phone} ${account.rif}` : null;
  return (
    <Card withBorder padding="sm" bg="gray.0">
      <Stack gap={4}>
        <Text fw={600}>{account.bank_name}</Text>
        <Text size="sm">Titular: {account.company_account_name}</Text>
        <Dato label="RIF" value={account.rif} testId="rif" />
        {account.account_number && <Dato label="Cuenta" value={account.account_number} testId="cuenta" />}
        {account.phone && <Dato label="Teléfono" value={account.phone} testId="telefono" />}
        {account.bank_code && <Dato label="Código del banco" value={account.bank_code} testId="banco" />}
        {account.company_account_email && <Dato label="Correo" value={account.company_account_email} testId="correo" />}
        {pagoMovil && <Dato label="Todo para Pago Móvil" value={pagoMovil} testId="pago-movil" />}
      </Stack>
    </Card>
  );
}

/** The discount a method gives, shown before the buyer chooses it, with what the order would total. */
function DescuentoDelMetodo({ option, total }: { option: OpcionDePago | undefined; total: string | undefined }) {
  const format = usePrecio();
  if (!option?.discountType || !option.discountValue) return null;
  return (
    <Text size="xs" c="pink.8" fw={600} data-testid={`descuento-metodo-${option.id}`}>
      {describeRule(option.discountType, option.discountValue)} de descuento{total ? ` · total ${format(total)}` : ''}
    </Text>
  );
}

const OFFLINE = { paypal: false, tarjeta: false };

export function PasoPago({ draft, update, errors, accounts, cart, options, shippingCents, online: onlineMethods = OFFLINE }: Props) {
  const method = draft.payment.method;
  const info = method ? PAYMENT_METHODS[method] : null;
  const online = (method === 'paypal' || method === 'tarjeta') && onlineMethods[method];
  const offered = PAYMENT_METHOD_IDS.filter((id) => id !== 'tarjeta' || onlineMethods.tarjeta);
  const { reference, amount: written, date } = draft.payment;
  // Paid at the provider: the order goes without reference, amount or date (the server charges its total).
  useEffect(() => {
    if (online && (reference || written || date)) update((d) => ({ ...d, payment: { ...d.payment, reference: '', amount: '', date: '' } }));
  }, [online, reference, written, date, update]);
  const due = amountToPay(cart, method, shippingCents);
  const inVes = method !== '' && PAYMENT_METHODS[method].currency === 'VES';
  const dueText = inVes ? formatVes(usdToVesCents(toCents(due.total), cart.totals.rate)) : formatUsd(toCents(due.total));
  const dueValue = formatAmount(inVes ? usdToVesCents(toCents(due.total), cart.totals.rate) : toCents(due.total));
  const forMethod = accounts.filter((a) => a.method === method);

  const choose = (value: string) =>
    update((d) => {
      const chosen = value as PaymentMethodId;
      const ves = PAYMENT_METHODS[chosen].currency === 'VES';
      const total = amountToPay(cart, chosen, shippingCents).total;
      // Written as the buyer reads it (1.234,56); orderBody turns it back into 1234.56.
      const amount = formatAmount(ves ? usdToVesCents(toCents(total), cart.totals.rate) : toCents(total));
      return { ...d, payment: { ...d.payment, method: chosen, amount, suggested: amount, bankCode: ves ? d.payment.bankCode : '' } };
    });
  // Back from a changed delivery: the amount written for the buyer follows the new total.
  const followed = amountFollowingDue(draft.payment, dueValue);
  useEffect(() => {
    if (followed !== draft.payment) update((d) => ({ ...d, payment: amountFollowingDue(d.payment, dueValue) }));
  }, [followed, draft.payment, dueValue, update]);
  const set = (field: 'reference' | 'bankCode' | 'amount' | 'date') => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    update((d) => ({ ...d, payment: { ...d.payment, [field]: value } }));
  };

  return (
    <Stack gap="md">
      <Radio.Group label="Método de pago" value={method} onChange={choose} error={errors.method} required>
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
          {offered.map((id) => (
            <Radio.Card key={id} value={id} p="sm" radius="md" withBorder data-testid={`metodo-${id}`}>
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <IconoPago method={id} />
                <div>
                  <Text fw={600}>{PAYMENT_METHODS[id].label}</Text>
                  {PAYMENT_METHODS[id].cardCommission && (
                    <Text size="xs" c="dimmed">
                      Comisión 5,8 % + $ 0,30
                    </Text>
                  )}
                  {paysInDivisas(id) && cart.igtf.charged && cart.igtf.basisPoints > 0 && (
                    <Text size="xs" c="dimmed" data-testid={`igtf-${id}`}>
                      IGTF {(cart.igtf.basisPoints / 100).toLocaleString('es-VE')} % por pagar en divisas
                    </Text>
                  )}
                  <DescuentoDelMetodo
                    option={options.find((o) => o.id === id)}
                    total={totalsFor(cart, id) ? amountToPay(cart, id, shippingCents).total : undefined}
                  />
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>

      {info && (
        <Alert color="pink" variant="light" title={`Monto a pagar con ${info.label}: ${dueText}`} data-testid="monto-a-pagar">
          {online && method === 'tarjeta'
            ? 'Al confirmar el pedido irá a la página segura de pago con tarjeta (Stripe): los datos de su tarjeta no pasan por esta tienda. Al volver, la tienda confirma su orden sola.'
            : online
              ? 'Al confirmar el pedido irá a PayPal para pagar este monto. Al volver, la tienda confirma su orden sola: no tiene que reportar el pago.'
              : method === 'pago-pendiente'
                ? 'Su pedido queda reservado; reporte el pago desde el seguimiento de la orden antes de que venza.'
                : method === 'efectivo'
                  ? 'Pague en efectivo al retirar en tienda o al recibir; su pedido queda reservado.'
                  : 'Pague a una de estas cuentas y escriba los datos del pago.'}
        </Alert>
      )}

      {info?.takesReference && !online && (
        <>
          {forMethod.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {forMethod.map((account) => (
                <Cuenta key={account.id} account={account} />
              ))}
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={method === 'paypal' || method === 'uphold' ? 'Identificador del pago' : 'Número de referencia'}
              value={draft.payment.reference}
              onChange={set('reference')}
              error={errors.reference}
              // Bank references are digits; PayPal and Uphold identifiers have letters.
              inputMode={info.needsBank ? 'numeric' : 'text'}
              autoComplete="off"
              required
              data-testid="pago-referencia"
            />
            {info.needsBank && (
              <NativeSelect
                label="Banco desde el que pagó"
                value={draft.payment.bankCode}
                onChange={set('bankCode')}
                data={[
                  { value: '', label: 'Elija el banco' },
                  ...VENEZUELAN_BANKS.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` })),
                ]}
                error={errors.bankCode}
                required
                data-testid="pago-banco"
              />
            )}
            <CampoMonto
              label={`Monto pagado (${inVes ? 'Bs.' : 'USD'})`}
              value={draft.payment.amount}
              onChange={set('amount')}
              error={errors.amount}
              autoComplete="off"
              placeholder={dueValue}
              required
              data-testid="pago-monto"
            />
            <TextInput
              label="Fecha del pago"
              type="date"
              value={draft.payment.date}
              onChange={set('date')}
              error={errors.date}
              max={caracasIsoDate(new Date())}
              required
              data-testid="pago-fecha"
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
