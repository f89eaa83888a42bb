// Step 3: how the order reaches the buyer (shipped to an address, to an agency office, or picked up at
// one of the stores that ship, with no shipping charge) and who receives it. Once the state is
// chosen, each agency shows what its shipping costs there and how long it takes (tarifas_envio,
// docs/decisions/0027); the server charges the same rate again when the order is placed.
import { Badge, Button, Group, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type CheckoutDraft, PICKUP_NEEDS_ONE_STORE } from '#domain/checkout.ts';
import type { Tienda } from '#domain/contracts/carrito.ts';
import { quoteShipping, type ShippingRate, shippingEstimate } from '#domain/envios.ts';
import { SHIPPING_AGENCY_OPTIONS } from '#domain/store-constants.ts';
import { CampoDocumento, CampoTelefono } from '#web/components/campo-identidad.tsx';
import { usePrecio } from '#web/components/precio.tsx';
import { Lugar } from './lugar.tsx';
import type { StepProps } from './paso-datos.tsx';

export const SHIPPING_CHOICES = [
  { value: 'envio', label: 'Envío a la dirección', hint: 'Por agencia de encomiendas hasta su puerta.' },
  { value: 'retiro-en-agencia', label: 'Retiro en la agencia', hint: 'Lo busca en la oficina de la agencia que elija.' },
  { value: 'retiro-en-tienda', label: 'Retiro en tienda', hint: 'Sin costo de envío: lo busca en una de nuestras tiendas.' },
] as const;

/** The agencies as cards: each with its cost and estimate in the chosen state, or why it cannot ship there. */
function Agencias({ rates, draft, update, error }: StepProps & { rates: ShippingRate[]; error?: string }) {
  const format = usePrecio();
  const { state } = draft.delivery;
  return (
    <Radio.Group
      label="Agencia de envío"
      description={state ? `Costo y tiempo de entrega hasta ${state}` : 'Elija el estado para ver el costo de cada agencia'}
      value={draft.delivery.agency}
      onChange={(agency) => update((d) => ({ ...d, delivery: { ...d.delivery, agency } }))}
      error={error}
      required
      data-testid="agencias"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
        {SHIPPING_AGENCY_OPTIONS.map((agency) => {
          const quote = state ? quoteShipping(rates, { shipping: 'envio', agency: agency.value, state }) : null;
          const noRate = quote?.kind === 'sin-tarifa';
          return (
            <Radio.Card
              key={agency.value}
              value={agency.value}
              p="sm"
              radius="md"
              withBorder
              disabled={noRate}
              data-testid={`agencia-${agency.value}`}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={4} disabled={noRate} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Group justify="space-between" gap={6} wrap="wrap">
                    <Text fw={600}>{agency.label}</Text>
                    {quote?.kind === 'pagado' && (
                      <Text fw={700} data-testid={`costo-envio-${agency.value}`} style={{ whiteSpace: 'nowrap' }}>
                        {format(quote.costUsd)}
                      </Text>
                    )}
                    {quote?.kind === 'por-cobrar' && (
                      <Badge color="orange" variant="light" data-testid={`costo-envio-${agency.value}`}>
                        Por cobrar en destino
                      </Badge>
                    )}
                  </Group>
                  {quote && quote.kind !== 'sin-tarifa' && quote.kind !== 'retiro' && (
                    <Text size="sm">{shippingEstimate(quote.daysMin, quote.daysMax)}</Text>
                  )}
                  {noRate && (
                    <Text size="sm" c="dimmed">
                      No envía a este estado
                    </Text>
                  )}
                </div>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** `stores`: the stores that ship and hold every unit of the cart; none when the units are in several. */
function TiendasDeRetiro({ stores, draft, update, error }: StepProps & { stores: Tienda[]; error?: string }) {
  const value = draft.delivery.pickupTiendaId ? String(draft.delivery.pickupTiendaId) : '';
  if (stores.length === 0) {
    return (
      <Text c="red.8" size="sm" role="alert" data-testid="retiro-sin-tienda">
        {PICKUP_NEEDS_ONE_STORE}
      </Text>
    );
  }
  return (
    <Radio.Group
      label="Tienda donde retirará"
      value={value}
      onChange={(id) => update((d) => ({ ...d, delivery: { ...d.delivery, pickupTiendaId: Number(id) } }))}
      error={error}
      required
    >
      <Stack gap="xs" mt="xs">
        {stores.map((store) => (
          <Radio.Card key={store.id} value={String(store.id)} p="sm" radius="md" withBorder data-testid={`retiro-tienda-${store.id}`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={4} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{store.name}</Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {store.address}, {store.city}, {store.state}
                </Text>
                <Text size="sm">{store.hours}</Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function PasoEnvio({ draft, update, errors, stores, rates }: StepProps & { stores: Tienda[]; rates: ShippingRate[] }) {
  const set = (field: keyof CheckoutDraft['delivery']) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    update((d) => ({ ...d, delivery: { ...d.delivery, [field]: value } }));
  };
  const pickup = draft.delivery.shipping === 'retiro-en-tienda';
  const copyBuyer = () =>
    update((d) => ({
      ...d,
      delivery: {
        ...d.delivery,
        contact: d.user.fullName,
        phone: d.user.phone,
        dni: d.user.dni,
        ...(pickup ? {} : { state: d.user.state, city: d.user.city, address: d.user.address }),
      },
    }));
  return (
    <Stack gap="md">
      <Radio.Group
        label="Tipo de entrega"
        value={draft.delivery.shipping}
        onChange={(value) => update((d) => ({ ...d, delivery: { ...d.delivery, shipping: value } }))}
        error={errors.shipping}
      >
        <Stack gap="xs" mt="xs">
          {SHIPPING_CHOICES.map((choice) => (
            <Radio.Card key={choice.value} value={choice.value} p="sm" radius="md" withBorder data-testid={`entrega-${choice.value}`}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={4} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Group justify="space-between" gap={6} wrap="wrap">
                    <Text fw={600}>{choice.label}</Text>
                    {choice.value === 'retiro-en-tienda' && (
                      <Badge color="green" variant="light" data-testid="retiro-sin-costo">
                        Sin costo
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">{choice.hint}</Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>

      {pickup && <TiendasDeRetiro stores={stores} draft={draft} update={update} errors={errors} error={errors.pickupTiendaId} />}

      <Button variant="subtle" size="xs" w="fit-content" onClick={copyBuyer}>
        Usar mis datos de comprador
      </Button>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={pickup ? 'Persona que retira' : 'Persona que recibe'}
          value={draft.delivery.contact}
          onChange={set('contact')}
          error={errors.contact}
          autoComplete="shipping name"
          required
        />
        <CampoTelefono
          label="Teléfono de contacto"
          value={draft.delivery.phone}
          onChange={set('phone')}
          error={errors.phone}
          autoComplete="shipping tel"
          required
        />
        <CampoDocumento
          label={pickup ? 'Cédula de quien retira' : 'Cédula de quien recibe'}
          value={draft.delivery.dni}
          onChange={set('dni')}
          error={errors.dni}
          autoComplete="off"
          autoCapitalize="characters"
          required
        />
        {!pickup && (
          <Lugar
            prefix="envio"
            section="shipping"
            value={draft.delivery}
            errors={errors}
            onChange={(field, value) =>
              update((d) => ({ ...d, delivery: { ...d.delivery, [field]: value, ...(field === 'state' ? { city: '' } : {}) } }))
            }
          />
        )}
      </SimpleGrid>
      {!pickup && (
        <>
          <Agencias rates={rates} draft={draft} update={update} errors={errors} error={errors.agency} />
          <Textarea
            label="Dirección de entrega o de la agencia"
            autoComplete="shipping street-address"
            value={draft.delivery.address}
            onChange={set('address')}
            error={errors.address}
            autosize
            minRows={2}
            required
          />
        </>
      )}
    </Stack>
  );
}
