// /api/envios/tarifas: the shipping rates by agency and state (domain/envios.ts). Anyone reads them
// (the checkout quotes them); admin and administracion edit them at /dashboard/configurar/envios.
import { z } from 'zod';
import { defineRoute, envelope } from '#domain/contracts/contract.ts';
import { shippingRateProblem } from '#domain/envios.ts';
import { SHIPPING_AGENCY_IDS } from '#domain/store-constants.ts';

export const shippingRate = z.object({
  agency: z.enum(SHIPPING_AGENCY_IDS),
  state: z.string(),
  /** Dollars with 2 decimals and a point ("4.50"); null: por cobrar en destino. */
  costUsd: z.string().nullable(),
  daysMin: z.number(),
  daysMax: z.number(),
});
export type ShippingRateDto = z.infer<typeof shippingRate>;

const editedRate = z
  .object({
    agency: z.enum(SHIPPING_AGENCY_IDS, { error: 'Elija una agencia de envío' }),
    state: z.string({ error: 'Indique el estado' }).trim(),
    costUsd: z.string({ error: 'El costo debe ser un monto en dólares o vacío (por cobrar)' }).trim().nullable(),
    daysMin: z.number({ error: 'Los días mínimos deben ser un número entero' }),
    daysMax: z.number({ error: 'Los días máximos deben ser un número entero' }),
  })
  .superRefine((rate, ctx) => {
    const problem = shippingRateProblem(rate);
    if (problem) ctx.addIssue({ code: 'custom', message: `${rate.state}: ${problem}` });
  });

const tags = ['envios'] as const;

export const tarifasEnvio = defineRoute({
  method: 'GET',
  path: '/envios/tarifas',
  tags,
  summary: 'Tarifas de envío por agencia y estado (costo en dólares o por cobrar, y días estimados)',
  response: envelope(z.array(shippingRate)),
});

export const fijarTarifasEnvio = defineRoute({
  method: 'PUT',
  path: '/envios/tarifas',
  tags,
  summary: 'Cambiar tarifas de envío (solo las enviadas; las demás quedan igual)',
  body: z.object({
    tarifas: z
      .array(editedRate, { error: 'Envíe la lista de tarifas a cambiar' })
      .min(1, 'Envíe al menos una tarifa')
      .max(500, 'Puede cambiar hasta 500 tarifas a la vez'),
  }),
  response: envelope(z.array(shippingRate)),
});
