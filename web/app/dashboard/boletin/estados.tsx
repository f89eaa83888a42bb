// How the newsletter's screens show a subscriber's and a campaign's state, and a campaign's progress.
import { Progress, Stack, Text } from '@mantine/core';
import type { Campana, EstadoSuscriptor } from '#domain/contracts/boletin.ts';

export const ESTADO_SUSCRIPTOR: Record<EstadoSuscriptor, { label: string; color: string }> = {
  pendiente: { label: 'Sin confirmar', color: 'yellow' },
  confirmado: { label: 'Confirmado', color: 'green' },
  desuscrito: { label: 'Dado de baja', color: 'gray' },
};

export const ESTADO_CAMPANA: Record<Campana['estado'], { label: string; color: string }> = {
  borrador: { label: 'Borrador', color: 'gray' },
  programada: { label: 'Programada', color: 'violet' },
  enviando: { label: 'Enviando', color: 'blue' },
  enviada: { label: 'Enviada', color: 'green' },
};

export function Avance({ campana }: { campana: Campana }) {
  const pct =
    campana.total > 0 ? Math.min(100, Math.round((campana.enviados / campana.total) * 100)) : campana.estado === 'enviada' ? 100 : 0;
  return (
    <Stack gap={2}>
      <Progress value={pct} aria-label={`Avance del envío: ${pct} %`} data-testid="avance-envio" />
      <Text size="xs" c="dimmed">
        {campana.enviados.toLocaleString('es-VE')} de {campana.total.toLocaleString('es-VE')} enviados ({pct} %)
      </Text>
    </Stack>
  );
}
