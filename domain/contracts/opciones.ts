// /api/opciones/*: short option lists for the back office's pickers ({ value, label, … }), searched
// by text and limited, so a select with a search box never loads a whole table.
import { z } from 'zod';
import { searchText } from '#domain/contracts/campos.ts';
import { defineRoute, envelope } from '#domain/contracts/contract.ts';

const tags = ['opciones'] as const;

/** The most options one answer gives. */
export const MAX_OPTIONS = 20;

const optionsQuery = z.object({
  search: searchText(0).optional(),
  limit: z.coerce
    .number({ error: 'El parámetro limit debe ser un número' })
    .int('El parámetro limit debe ser un entero')
    .min(1, 'El parámetro limit debe ser al menos 1')
    .max(MAX_OPTIONS, `El parámetro limit puede ser hasta ${MAX_OPTIONS}`)
    .default(MAX_OPTIONS),
});

export const opcionVendedor = z.object({
  value: z.number(),
  label: z.string(),
  code: z.string(),
  name: z.string(),
  userId: z.number().nullable(),
});

export const vendedor = defineRoute({
  method: 'GET',
  path: '/opciones/vendedor',
  tags,
  summary: 'Vendedores activos por código o nombre',
  query: optionsQuery,
  response: envelope(z.array(opcionVendedor)),
});

export const opcionCliente = z.object({
  value: z.number(),
  label: z.string(),
  dni: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  creditLimit: z.string(),
  creditDays: z.number(),
  /** What its notas de entrega still owe, USD. */
  owed: z.string(),
  overdue: z.boolean(),
});
export type OpcionCliente = z.infer<typeof opcionCliente>;

export const clientes = defineRoute({
  method: 'GET',
  path: '/opciones/clientes',
  tags,
  summary: 'Clientes por cédula/RIF o nombre, con su crédito (la cédula exacta primero)',
  query: optionsQuery,
  response: envelope(z.array(opcionCliente)),
});

export const opcionOrden = z.object({
  value: z.string(),
  label: z.string(),
  step: z.string(),
  buyer: z.string(),
  total: z.string(),
});

export const ordenes = defineRoute({
  method: 'GET',
  path: '/opciones/ordenes',
  tags,
  summary: 'Órdenes de compra por código, comprador o cédula, las más recientes primero',
  query: optionsQuery,
  response: envelope(z.array(opcionOrden)),
});
