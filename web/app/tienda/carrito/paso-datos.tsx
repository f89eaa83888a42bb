// Steps 2 and 3: the buyer's data and the delivery (who receives, where, agency, who pays shipping).
import { Button, NativeSelect, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { CheckoutDraft, FieldErrors } from '#domain/checkout.ts';
import { PAY_SHIPPING_OPTIONS, SHIPPING_AGENCY_OPTIONS } from '#domain/store-constants.ts';
import { citiesOfState, VENEZUELAN_STATES } from '#domain/venezuela.ts';

type StepProps = {
  draft: CheckoutDraft;
  update: (change: (d: CheckoutDraft) => CheckoutDraft) => void;
  errors: FieldErrors;
};

function Lugar({
  value,
  onChange,
  errors,
  prefix,
}: {
  value: { state: string; city: string };
  onChange: (field: 'state' | 'city', value: string) => void;
  errors: FieldErrors;
  prefix: string;
}) {
  const cities = value.state ? citiesOfState(value.state).map((c) => c.name) : [];
  return (
    <>
      <NativeSelect
        label="Estado"
        id={`${prefix}-state`}
        value={value.state}
        onChange={(e) => onChange('state', e.currentTarget.value)}
        data={[{ value: '', label: 'Elija un estado' }, ...VENEZUELAN_STATES.map((s) => s.name)]}
        error={errors.state}
        required
      />
      <NativeSelect
        label="Ciudad"
        id={`${prefix}-city`}
        value={value.city}
        onChange={(e) => onChange('city', e.currentTarget.value)}
        data={[{ value: '', label: value.state ? 'Elija una ciudad' : 'Elija primero el estado' }, ...cities]}
        error={errors.city}
        disabled={!value.state}
        required
      />
    </>
  );
}

export function PasoDatos({ draft, update, errors }: StepProps) {
  const set = (field: keyof CheckoutDraft['user']) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    update((d) => ({ ...d, user: { ...d.user, [field]: value } }));
  };
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Los datos de quien compra; con ellos le enviamos la confirmación y la factura.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Nombre completo" value={draft.user.fullName} onChange={set('fullName')} error={errors.fullName} required />
        <TextInput
          label="Correo electrónico"
          type="email"
          value={draft.user.email}
          onChange={set('email')}
          error={errors.email}
          autoComplete="email"
          required
        />
        <TextInput
          label="Teléfono"
          value={draft.user.phone}
          onChange={set('phone')}
          error={errors.phone}
          placeholder="0414-555-0101"
          autoComplete="tel"
          required
        />
        <TextInput label="Cédula o RIF" value={draft.user.dni} onChange={set('dni')} error={errors.dni} placeholder="V-12345678" required />
        <Lugar
          prefix="comprador"
          value={draft.user}
          errors={errors}
          onChange={(field, value) =>
            update((d) => ({ ...d, user: { ...d.user, [field]: value, ...(field === 'state' ? { city: '' } : {}) } }))
          }
        />
      </SimpleGrid>
      <Textarea
        label="Dirección"
        value={draft.user.address}
        onChange={set('address')}
        error={errors.address}
        autosize
        minRows={2}
        required
      />
    </Stack>
  );
}

export function PasoEnvio({ draft, update, errors }: StepProps) {
  const set = (field: keyof CheckoutDraft['delivery']) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    update((d) => ({ ...d, delivery: { ...d.delivery, [field]: value } }));
  };
  const copyBuyer = () =>
    update((d) => ({
      ...d,
      delivery: {
        ...d.delivery,
        contact: d.user.fullName,
        phone: d.user.phone,
        dni: d.user.dni,
        state: d.user.state,
        city: d.user.city,
        address: d.user.address,
      },
    }));
  return (
    <Stack gap="md">
      <Button variant="subtle" size="xs" w="fit-content" onClick={copyBuyer}>
        Usar mis datos de comprador
      </Button>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Persona que recibe" value={draft.delivery.contact} onChange={set('contact')} error={errors.contact} required />
        <TextInput label="Teléfono de contacto" value={draft.delivery.phone} onChange={set('phone')} error={errors.phone} required />
        <TextInput label="Cédula de quien recibe" value={draft.delivery.dni} onChange={set('dni')} error={errors.dni} required />
        <NativeSelect
          label="Agencia de envío"
          value={draft.delivery.agency}
          onChange={set('agency')}
          data={[{ value: '', label: 'Elija una agencia' }, ...SHIPPING_AGENCY_OPTIONS]}
          error={errors.agency}
          required
          data-testid="agencia"
        />
        <Lugar
          prefix="envio"
          value={draft.delivery}
          errors={errors}
          onChange={(field, value) =>
            update((d) => ({ ...d, delivery: { ...d.delivery, [field]: value, ...(field === 'state' ? { city: '' } : {}) } }))
          }
        />
      </SimpleGrid>
      <Textarea
        label="Dirección de entrega o de la agencia"
        value={draft.delivery.address}
        onChange={set('address')}
        error={errors.address}
        autosize
        minRows={2}
        required
      />
      <Radio.Group
        label="Tipo de entrega"
        value={draft.delivery.shipping}
        onChange={(value) => update((d) => ({ ...d, delivery: { ...d.delivery, shipping: value } }))}
      >
        <Stack gap={6} mt={6}>
          <Radio value="envio" label="Envío a la dirección" />
          <Radio value="retiro-en-agencia" label="Retiro en la agencia" />
        </Stack>
      </Radio.Group>
      <Radio.Group
        label="¿Quién paga el envío?"
        value={draft.delivery.payShipping}
        onChange={(value) => update((d) => ({ ...d, delivery: { ...d.delivery, payShipping: value } }))}
        error={errors.payShipping}
      >
        <Stack gap={6} mt={6}>
          {PAY_SHIPPING_OPTIONS.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
