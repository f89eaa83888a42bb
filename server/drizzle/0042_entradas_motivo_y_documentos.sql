ALTER TABLE "abonos" ADD COLUMN "review_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- datos: cédulas and RIF of customers and suppliers in the one stored form of domain/identidad.ts
-- (V-18456789 for a cédula, J-50123456-6 for a RIF: 8 digits and the check digit apart). A row
-- whose new form another row already has is left as it was (both stay findable by their digits).
UPDATE "clientes" AS c SET "dni" = n.nuevo
FROM (
  SELECT id, CASE
      WHEN compacto ~ '^[VEJPGC][0-9]{9}$' THEN substr(compacto, 1, 1) || '-' || substr(compacto, 2, 8) || '-' || substr(compacto, 10, 1)
      ELSE substr(compacto, 1, 1) || '-' || ltrim(substr(compacto, 2), '0')
    END AS nuevo
  FROM (SELECT id, upper(regexp_replace("dni", '[^A-Za-z0-9]', '', 'g')) AS compacto FROM "clientes") AS x
  WHERE compacto ~ '^[VEJPGC][0-9]{9}$' OR compacto ~ '^[VEP]0*[1-9][0-9]{4,7}$'
) AS n
WHERE c.id = n.id AND c."dni" <> n.nuevo AND NOT EXISTS (SELECT 1 FROM "clientes" AS o WHERE o."dni" = n.nuevo);
--> statement-breakpoint
UPDATE "proveedores" AS p SET "rif" = n.nuevo
FROM (
  SELECT id, CASE
      WHEN compacto ~ '^[VEJPGC][0-9]{9}$' THEN substr(compacto, 1, 1) || '-' || substr(compacto, 2, 8) || '-' || substr(compacto, 10, 1)
      ELSE substr(compacto, 1, 1) || '-' || ltrim(substr(compacto, 2), '0')
    END AS nuevo
  FROM (SELECT id, upper(regexp_replace("rif", '[^A-Za-z0-9]', '', 'g')) AS compacto FROM "proveedores") AS x
  WHERE compacto ~ '^[VEJPGC][0-9]{9}$' OR compacto ~ '^[VEP]0*[1-9][0-9]{4,7}$'
) AS n
WHERE p.id = n.id AND p."rif" <> n.nuevo AND NOT EXISTS (SELECT 1 FROM "proveedores" AS o WHERE o."rif" = n.nuevo);
