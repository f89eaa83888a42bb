// Every table of the database, re-exported from the module that owns it (`<module>.schema.ts`).
// drizzle-kit reads this file to generate the SQL migrations in server/drizzle (`npm run db:generate`).

export * from '#server/modules/aliados/aliados.schema.ts';
export * from '#server/modules/auth/auth.schema.ts';
export * from '#server/modules/blog/blog.schema.ts';
export * from '#server/modules/boletin/boletin.schema.ts';
export * from '#server/modules/carrito/carrito.schema.ts';
export * from '#server/modules/catalogo/catalogo.schema.ts';
export * from '#server/modules/conciliacion/conciliacion.schema.ts';
export * from '#server/modules/config/config.schema.ts';
export * from '#server/modules/configuracion/configuracion.schema.ts';
export * from '#server/modules/contacto/contacto.schema.ts';
export * from '#server/modules/correo/correo.schema.ts';
export * from '#server/modules/cuentas-por-pagar/cuentas-por-pagar.schema.ts';
export * from '#server/modules/descuento/descuento.schema.ts';
export * from '#server/modules/envios/envios.schema.ts';
export * from '#server/modules/galeria/galeria.schema.ts';
export * from '#server/modules/general/general.schema.ts';
export * from '#server/modules/imprenta/imprenta.schema.ts';
export * from '#server/modules/inventario/inventario.schema.ts';
export * from '#server/modules/orden-compra/orden-compra.schema.ts';
export * from '#server/modules/pagos-en-linea/pagos-en-linea.schema.ts';
export * from '#server/modules/profile/profile.schema.ts';
export * from '#server/modules/prospecto/prospecto.schema.ts';
export * from '#server/modules/ventas/ventas.retencion.schema.ts';
export * from '#server/modules/ventas/ventas.schema.ts';
