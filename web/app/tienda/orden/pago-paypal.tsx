// A pending order paid at PayPal (docs/decisions/0035): what came back from PayPal (?pago=…) and
// the button that sends the buyer to PayPal again (after a declined payment or a cancelled visit).
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { Form, useNavigation } from 'react-router';

const RESULTADOS: Record<string, { color: string; text: string }> = {
  confirmado: { color: 'green', text: 'PayPal confirmó su pago: su orden está pagada. Le avisaremos por correo en cada paso.' },
  rechazado: { color: 'red', text: 'PayPal no aprobó el pago. Puede intentarlo de nuevo con otra forma de pago de PayPal.' },
  cancelado: { color: 'yellow', text: 'Volvió de PayPal sin pagar. Su pedido sigue reservado hasta que venza.' },
  pendiente: { color: 'yellow', text: 'PayPal aún no termina su pago; su orden se confirmará sola cuando lo haga.' },
  retenido: { color: 'yellow', text: 'Recibimos un pago de PayPal que la tienda debe revisar; le escribiremos pronto.' },
};

export function ResultadoPaypal({ pago }: { pago: string | null }) {
  const resultado = pago ? RESULTADOS[pago] : undefined;
  if (!resultado) return null;
  return (
    <Alert color={resultado.color} role="status" data-testid="resultado-paypal">
      {resultado.text}
    </Alert>
  );
}

export function PagarConPaypal({ token, message }: { token: string; message?: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>Pagar con PayPal</Text>
        <Text size="sm">Pague en PayPal el total de la orden; al volver, la tienda la confirma sola.</Text>
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="paypal" />
          <input type="hidden" name="t" value={token} />
          <Button type="submit" loading={busy} fullWidth data-testid="pagar-paypal">
            Ir a PayPal
          </Button>
        </Form>
      </Stack>
    </Card>
  );
}
