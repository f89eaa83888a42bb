// Shared frame of the authentication pages.
import { Alert, Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AuthPage({ title, children, mensaje }: { title: string; children?: ReactNode; mensaje?: string | null }) {
  return (
    <Container size={440} py={48}>
      <Card withBorder padding="xl">
        <Stack gap="md">
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {mensaje && (
            <Alert color="yellow" role="alert" data-testid="mensaje-guardia">
              {mensaje}
            </Alert>
          )}
          {children}
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/">
              Volver a la tienda
            </Anchor>
          </Text>
        </Stack>
      </Card>
    </Container>
  );
}

const MESSAGES: Record<string, string> = {
  'sesion-culminada': 'Alerta!. La sesión ha culminado',
  'sesion-expirada': 'Su sessión ha expirado.',
};

export function guardMessage(request: Request): string | null {
  const key = new URL(request.url).searchParams.get('mensaje');
  return key ? (MESSAGES[key] ?? null) : null;
}

export const ACCOUNTS_PENDING = 'Las cuentas de clientes y del personal todavía no están habilitadas en esta versión de la tienda.';
