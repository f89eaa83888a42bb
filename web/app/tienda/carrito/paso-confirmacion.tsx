// Step 5: everything the shopper chose, a comment, the optional salesman, and the API's answer.
import { Alert, Anchor, Card, Checkbox, List, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import { bankByCode } from '#domain/banks.ts';
import type { CheckoutDraft, draftShipping, FieldErrors } from '#domain/checkout.ts';
import type { CartView, Tienda } from '#domain/contracts/carrito.ts';
import { shippingEstimate } from '#domain/envios.ts';
import { type Currency, formatMoney, formatWrittenAmount, toCents } from '#domain/money.ts';
import { PAYMENT_METHODS, SHIPPING_AGENCY_LABELS } from '#domain/store-constants.ts';
import { useRootData } from '#web/root.tsx';

type Props = {
  draft: CheckoutDraft;
  update: (change: (d: CheckoutDraft) => CheckoutDraft) => void;
  cart: CartView;
  salesmen: { id: number; code: string; name: string }[];
  pickupStores: Tienda[];
  shipping: ReturnType<typeof draftShipping>;
  loggedIn: boolean;
  errors: FieldErrors;
  result: { message?: string; errors?: Record<string, string[]> } | undefined;
};

function Bloque({ title, lines }: { title: string; lines: string[] }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={700} mb={4}>
        {title}
      </Text>
      {lines.filter(Boolean).map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Card>
  );
}

/** «Envío: $ 11,00 · 5 a 8 días hábiles», «Envío por cobrar en destino · …», as the order will charge it. */
function envioLine(shipping: Props['shipping'], money: (cents: number) => string): string {
  const quote = shipping?.quote;
  if (!quote || quote.kind === 'sin-tarifa' || quote.kind === 'retiro') return '';
  const days = shippingEstimate(quote.daysMin, quote.daysMax);
  if (quote.kind === 'por-cobrar') return `Envío por cobrar en destino · ${days}`;
  return `Envío: ${money(toCents(quote.costUsd))} · ${days}`;
}

export function PasoConfirmacion({ draft, update, cart, salesmen, pickupStores, shipping, loggedIn, errors, result }: Props) {
  const { user, delivery, payment } = draft;
  const method = payment.method ? PAYMENT_METHODS[payment.method] : null;
  const agency = SHIPPING_AGENCY_LABELS[delivery.agency as keyof typeof SHIPPING_AGENCY_LABELS] ?? delivery.agency;
  const pickup = delivery.shipping === 'retiro-en-tienda' ? pickupStores.find((s) => s.id === delivery.pickupTiendaId) : undefined;
  const { currency } = useRootData();
  const money = (cents: number) => formatMoney(cents, currency, cart.totals.rate);
  const fieldErrors = Object.entries(result?.errors ?? {}).flatMap(([, messages]) => messages);
  return (
    <Stack gap="md">
      {result?.message && (
        <Alert color="red" role="alert" title="No pudimos registrar su pedido" data-testid="error-pedido">
          {result.message}
          {fieldErrors.length > 0 && (
            <List size="sm" mt={6}>
              {fieldErrors.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Bloque title="Comprador" lines={[user.fullName, user.email, user.phone, user.dni, `${user.city}, ${user.state}`, user.address]} />
        <Bloque
          title="Entrega"
          lines={
            pickup
              ? [
                  `Retiro en tienda (sin costo de envío): ${pickup.name}`,
                  `${pickup.address}, ${pickup.city}`,
                  pickup.hours,
                  `Retira: ${delivery.contact} · ${delivery.dni} · ${delivery.phone}`,
                ]
              : [
                  delivery.contact,
                  `${delivery.phone} · ${delivery.dni}`,
                  `${delivery.city}, ${delivery.state}`,
                  delivery.address,
                  `${agency} · ${delivery.shipping === 'envio' ? 'envío a la dirección' : 'retiro en la agencia'}`,
                  envioLine(shipping, money),
                ]
          }
        />
        <Bloque
          title="Pago"
          lines={[
            method?.label ?? '',
            payment.reference ? `Referencia ${payment.reference}` : '',
            payment.bankCode ? (bankByCode(payment.bankCode)?.name ?? payment.bankCode) : '',
            // The amount is in the method's currency (Pago Móvil in Bs., Zelle in $), whatever the display mode.
            payment.amount && method ? `Monto ${formatWrittenAmount(payment.amount, method.currency as Currency)}` : '',
            payment.date ? `Fecha ${payment.date.split('-').reverse().join('/')}` : '',
          ]}
        />
        <Bloque title="Artículos" lines={cart.items.map((i) => `${i.quantity} × ${i.name} (${i.colorName}, talla ${i.sizeLabel})`)} />
      </SimpleGrid>
      <Textarea
        label="Comentario para la tienda (opcional)"
        value={draft.comment}
        onChange={(e) => {
          const value = e.currentTarget.value;
          update((d) => ({ ...d, comment: value }));
        }}
        maxLength={500}
        autosize
        minRows={2}
        error={errors.comment}
      />
      <Checkbox
        label="Quiero que un vendedor me atienda"
        checked={draft.withSeller}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          update((d) => ({ ...d, withSeller: checked, salesman: checked ? d.salesman : null }));
        }}
      />
      {draft.withSeller &&
        (loggedIn && salesmen.length > 0 ? (
          <NativeSelect
            label="Vendedor"
            value={draft.salesman === null ? '' : String(draft.salesman)}
            onChange={(e) => {
              const value = e.currentTarget.value;
              update((d) => ({ ...d, salesman: value ? Number(value) : null }));
            }}
            data={[{ value: '', label: 'El que la tienda asigne' }, ...salesmen.map((s) => ({ value: String(s.id), label: s.name }))]}
          />
        ) : (
          <Text size="sm" c="dimmed">
            La tienda le asignará un vendedor que lo contactará.
          </Text>
        ))}
      <Checkbox
        label={
          <>
            Leí y acepto los{' '}
            <Anchor component={Link} to="/terms-and-condition" target="_blank">
              términos y condiciones
            </Anchor>
          </>
        }
        checked={draft.acceptTerms === true}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          update((d) => ({ ...d, acceptTerms: checked }));
        }}
        error={errors.acceptTerms}
        required
        data-testid="acepto-terminos"
      />
    </Stack>
  );
}
