// «Pedir por WhatsApp» under the cart (decision 0033): its short form instead of the five steps. Only
// when the store has a WhatsApp number to write to.
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { whatsappDigits } from '#domain/whatsapp.ts';
import { useRootData } from '#web/root.tsx';

export function BotonPedirPorWhatsapp() {
  const { footer } = useRootData();
  if (!whatsappDigits(footer.whatsapp)) return null;
  return (
    <Stack gap={4} mt="md">
      <Text size="sm" c="dimmed">
        ¿Prefiere comprar hablando con la tienda? Reserve sus artículos y acuerde el pago y el envío por WhatsApp.
      </Text>
      <Button component={Link} to="/carrito/whatsapp" variant="outline" color="green" h={48} data-testid="carrito-pedir-whatsapp">
        Pedir por WhatsApp
      </Button>
    </Stack>
  );
}
