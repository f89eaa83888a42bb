// Step 2: the buyer's data.
import { Anchor, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { CheckoutDraft, FieldErrors } from '#domain/checkout.ts';
import { loginHref } from '#web/auth/volver.ts';
import { CampoDocumento, CampoTelefono } from '#web/components/campo-identidad.tsx';
import { Lugar } from './lugar.tsx';

export type StepProps = {
  draft: CheckoutDraft;
  update: (change: (d: CheckoutDraft) => CheckoutDraft) => void;
  errors: FieldErrors;
};

export function PasoDatos({ draft, update, errors, loggedIn }: StepProps & { loggedIn: boolean }) {
  const set = (field: keyof CheckoutDraft['user']) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    update((d) => ({ ...d, user: { ...d.user, [field]: value } }));
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        Los datos de quien compra; con ellos le enviamos la confirmación y la factura.
        {!loggedIn && (
          <>
            {' '}
            ¿Ya tiene cuenta?{' '}
            <Anchor component={Link} to={loginHref('/carrito?paso=2')} fw={600} data-testid="checkout-ingresar">
              Ingrese
            </Anchor>{' '}
            y sus datos se llenan solos; o siga como invitado.
          </>
        )}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Nombre completo"
          name="name"
          value={draft.user.fullName}
          onChange={set('fullName')}
          error={errors.fullName}
          autoComplete="name"
          required
        />
        <TextInput
          label="Correo electrónico"
          name="email"
          type="email"
          inputMode="email"
          value={draft.user.email}
          onChange={set('email')}
          error={errors.email}
          autoComplete="email"
          required
        />
        <CampoTelefono
          label="Teléfono"
          name="tel"
          value={draft.user.phone}
          onChange={set('phone')}
          error={errors.phone}
          autoComplete="tel"
          required
        />
        <CampoDocumento
          label="Cédula o RIF"
          name="cedula"
          value={draft.user.dni}
          onChange={set('dni')}
          error={errors.dni}
          autoComplete="on"
          autoCapitalize="characters"
          required
        />
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
        name="street-address"
        autoComplete="street-address"
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
