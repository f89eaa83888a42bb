// Demo accounts, one per staff role plus a customer (listed in docs/configuracion.md §Cuentas de demostración). Password for all: DEMO_PASSWORD.
import type { Role } from '#domain/roles.ts';

export const DEMO_PASSWORD = 'Vitrina.Demo.2026';

export const DEMO_USERS: { email: string; nickname: string; fullName: string; roles: Role[]; salesman?: string }[] = [
  { email: 'admin@vitrina.com.ve', nickname: 'Andreína', fullName: 'Andreína Pérez', roles: ['admin'] },
  { email: 'ventas@vitrina.com.ve', nickname: 'Luis', fullName: 'Luis Rodríguez', roles: ['vendedor-admin'], salesman: 'V01' },
  { email: 'administracion@vitrina.com.ve', nickname: 'Carmen', fullName: 'Carmen González', roles: ['administracion'] },
  { email: 'inventario@vitrina.com.ve', nickname: 'José', fullName: 'José Hernández', roles: ['inventario'] },
  { email: 'despacho@vitrina.com.ve', nickname: 'Yusmary', fullName: 'Yusmary Rivas', roles: ['despacho'] },
  { email: 'cliente@vitrina.com.ve', nickname: 'María', fullName: 'María Fernández', roles: [] },
];

export const DEMO_SALESMEN = [
  { code: 'V01', name: 'Luis Rodríguez' },
  { code: 'V02', name: 'Daniela Castillo' },
];
