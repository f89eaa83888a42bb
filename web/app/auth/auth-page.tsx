// Shared frame of the authentication pages, and the guard messages they show.
import { Alert, Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ownValue } from '#domain/tabla.ts';

export function AuthPage({
  title,
  children,
  mensaje,
  error,
}: {
  title: string;
  children?: ReactNode;
  mensaje?: string | null;
  error?: string | null;
}) {
  return (
    <Container size={460} py={48}>
      <Card withBorder padding="xl">
        <Stack gap="md">
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {mensaje && (
            <Alert color="yellow" role="status" data-testid="mensaje-guardia">
              {mensaje}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert" data-testid="error-formulario">
              {error}
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
  'sesion-culminada': '¡Alerta! La sesión ha culminado.',
  'sesion-expirada': 'Su sesión ha expirado.',
  'clave-restablecida': 'Su contraseña fue restablecida. Ya puede iniciar sesión.',
  'correo-verificado': 'Su correo fue verificado.',
  'sesion-cerrada': 'Sesión cerrada. ¡Hasta pronto!',
};

export function guardMessage(request: Request): string | null {
  const key = new URL(request.url).searchParams.get('mensaje');
  return key ? (ownValue(MESSAGES, key) ?? null) : null;
}
