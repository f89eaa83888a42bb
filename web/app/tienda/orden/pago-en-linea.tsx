// A pending order paid online (docs/decisions/0035 PayPal, 0036 the card): what came back from the
// provider (?pago=…) and the button that sends the buyer to pay again (after a declined payment or a
// cancelled visit).
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { Form, useNavigation } from 'react-router';

type Metodo = 'paypal' | 'tarjeta';

const RESULTADOS: Record<Metodo, Record<string, { color: string; text: string }>> = {
  paypal: {
    confirmado: { color: 'green', text: 'PayPal confirmó su pago: su orden está pagada. Le avisaremos por correo en cada paso.' },
    rechazado: { color: 'red', text: 'PayPal no aprobó el pago. Puede intentarlo de nuevo con otra forma de pago de PayPal.' },
    cancelado: { color: 'yellow', text: 'Volvió de PayPal sin pagar. Su pedido sigue reservado hasta que venza.' },
    pendiente: { color: 'yellow', text: 'PayPal aún no termina su pago; su orden se confirmará sola cuando lo haga.' },
    retenido: { color: 'yellow', text: 'Recibimos un pago de PayPal que la tienda debe revisar; le escribiremos pronto.' },
    anulado: { color: 'yellow', text: 'Esta orden ya no esperaba ese pago (venció, se anuló o cambió su total): PayPal no le cobró nada.' },
  },
  tarjeta: {
    confirmado: { color: 'green', text: 'Se cobró su tarjeta: su orden está pagada. Le avisaremos por correo en cada paso.' },
    rechazado: { color: 'red', text: 'La tarjeta no fue aprobada. Puede intentarlo de nuevo con otra tarjeta.' },
    cancelado: { color: 'yellow', text: 'Volvió sin pagar con la tarjeta. Su pedido sigue reservado hasta que venza.' },
    pendiente: { color: 'yellow', text: 'El pago con tarjeta aún no termina; su orden se confirmará sola cuando lo haga.' },
    retenido: { color: 'yellow', text: 'Recibimos un pago con tarjeta que la tienda debe revisar; le escribiremos pronto.' },
    anulado: {
      color: 'yellow',
      text: 'Esta orden ya no esperaba ese pago (venció, se anuló o cambió su total): no se cobró su tarjeta y la autorización se anuló.',
    },
  },
};

export function ResultadoPagoEnLinea({ pago, method }: { pago: string | null; method: string }) {
  const resultado = pago && (method === 'paypal' || method === 'tarjeta') ? RESULTADOS[method][pago] : undefined;
  if (!resultado) return null;
  return (
    <Alert color={resultado.color} role="status" data-testid="resultado-pago">
      {resultado.text}
    </Alert>
  );
}

const BOTON: Record<Metodo, { title: string; text: string; button: string }> = {
  paypal: {
    title: 'Pagar con PayPal',
    text: 'Pague en PayPal el total de la orden; al volver, la tienda la confirma sola.',
    button: 'Ir a PayPal',
  },
  tarjeta: {
    title: 'Pagar con tarjeta',
    text: 'Pague el total con su tarjeta en la página segura de pago; los datos de la tarjeta no pasan por esta tienda.',
    button: 'Pagar con tarjeta',
  },
};

export function PagarEnLinea({ method, token, message }: { method: Metodo; token: string; message?: string }) {
  const busy = useNavigation().state === 'submitting';
  const copy = BOTON[method];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>{copy.title}</Text>
        <Text size="sm">{copy.text}</Text>
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value={method} />
          <input type="hidden" name="t" value={token} />
          <Button type="submit" loading={busy} fullWidth data-testid={`pagar-${method}`}>
            {copy.button}
          </Button>
        </Form>
      </Stack>
    </Card>
  );
}
