// Step 5: everything the shopper chose, a comment, the optional salesman, and the API's answer.
import { Alert, Card, Checkbox, List, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { bankByCode } from '#domain/banks.ts';
import type { CheckoutDraft } from '#domain/checkout.ts';
import type { CartView } from '#domain/contracts/carrito.ts';
import { PAY_SHIPPING_LABELS, PAYMENT_METHODS, SHIPPING_AGENCY_LABELS } from '#domain/store-constants.ts';

type Props = {
  draft: CheckoutDraft;
  update: (change: (d: CheckoutDraft) => CheckoutDraft) => void;
  cart: CartView;
  salesmen: { id: number; code: string; name: string }[];
  loggedIn: boolean;
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

export function PasoConfirmacion({ draft, update, cart, salesmen, loggedIn, result }: Props) {
  const { user, delivery, payment } = draft;
  const method = payment.method ? PAYMENT_METHODS[payment.method] : null;
  const agency = SHIPPING_AGENCY_LABELS[delivery.agency as keyof typeof SHIPPING_AGENCY_LABELS] ?? delivery.agency;
  const payShipping = PAY_SHIPPING_LABELS[delivery.payShipping as keyof typeof PAY_SHIPPING_LABELS] ?? delivery.payShipping;
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
          lines={[
            delivery.contact,
            `${delivery.phone} · ${delivery.dni}`,
            `${delivery.city}, ${delivery.state}`,
            delivery.address,
            `${agency} · ${delivery.shipping === 'envio' ? 'envío a la dirección' : 'retiro en la agencia'}`,
            payShipping,
          ]}
        />
        <Bloque
          title="Pago"
          lines={[
            method?.label ?? '',
            payment.reference ? `Referencia ${payment.reference}` : '',
            payment.bankCode ? (bankByCode(payment.bankCode)?.name ?? payment.bankCode) : '',
            payment.amount ? `Monto ${payment.amount}` : '',
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
    </Stack>
  );
}
