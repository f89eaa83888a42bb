// The article page: colour (sibling models), size (builds the article code), price, stock per store.
import { Accordion, Anchor, Badge, Breadcrumbs, Container, Grid, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { data, Link } from 'react-router';
import { buildArticleCode } from '#domain/article-code.ts';
import { articlePath, linePath, modelImageUrl, subLinePath } from '#domain/catalogo-urls.ts';
import { agregarV2 } from '#domain/contracts/carrito.ts';
import { type ArticleDetail, articulo } from '#domain/contracts/catalogo.ts';
import { Precio } from '#web/components/precio.tsx';
import { unwrap } from '#web/lib/api.ts';
import { originOf, pageMeta } from '#web/lib/meta.ts';
import { useNonce } from '#web/lib/nonce.ts';
import { cookieHeaders } from '#web/lib/session.ts';
import { useRootData } from '#web/root.tsx';
import type { Route } from './+types/articulo';
import { type AddResult, AgregarAlCarrito } from './agregar-al-carrito.tsx';
import { Galeria } from './galeria.tsx';
import { sugerenciasDelVisitante, TallaSugerida } from './talla-sugerida.tsx';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const stores = [...form.entries()]
    .filter(([name]) => name.startsWith('tienda-'))
    .map(([name, value]) => ({ tiendaId: Number(name.slice(7)), quantity: Number(value) }))
    .filter((s) => Number.isInteger(s.quantity) && s.quantity > 0);
  if (stores.length === 0) return data<AddResult>({ message: 'Elija cuántas unidades quiere de al menos una tienda.' }, { status: 400 });
  const response = await context.api.call(agregarV2, { articleCode: String(form.get('articleCode') ?? ''), stores });
  if (!response.body.success) return data<AddResult>({ message: response.body.message }, { status: response.status });
  return data<AddResult>({ added: true }, { headers: cookieHeaders(response) });
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const article = unwrap(await context.api.call(articulo, { code: params.option }));
  return { article, sugerencias: await sugerenciasDelVisitante(request, context.api, article) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return pageMeta(matches, 'Artículo no encontrado');
  const { article } = data;
  const origin = originOf(matches);
  const path = articlePath(article.lineCode, article.subLineCode, article.model);
  return [
    ...pageMeta(matches, `${article.name} ${article.colorName}`, { path, description: article.description }),
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: `${article.name} ${article.colorName}` },
    { property: 'og:description', content: article.description },
    { property: 'og:image', content: origin + modelImageUrl(article.model, 960) },
    { property: 'og:url', content: origin + path },
    { property: 'og:locale', content: 'es_VE' },
    { property: 'product:price:amount', content: article.finalPrice },
    { property: 'product:price:currency', content: 'USD' },
  ];
}

function productJsonLd(article: ArticleDetail, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${article.name} ${article.colorName}`,
    sku: article.model,
    description: article.description,
    color: article.colorName,
    category: `${article.lineName} > ${article.subLineName}`,
    image: article.photos.length > 0 ? article.photos.map((p) => origin + p.image) : [origin + modelImageUrl(article.model, 960)],
    offers: {
      '@type': 'Offer',
      priceCurrency: 'USD',
      price: article.finalPrice,
      availability: article.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: origin + articlePath(article.lineCode, article.subLineCode, article.model),
    },
  };
}

function GuiaDeTallas({ text }: { text: string }) {
  const rows = text
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells.length > 1);
  if (rows.length < 2) return <Text size="sm">{text}</Text>;
  const [head, ...body] = rows;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell}>{cell}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {body.map((cells) => (
            <Table.Tr key={cells.join('|')}>
              {cells.map((cell, i) => (
                <Table.Td key={`${i}-${cell}`}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export default function Articulo({ loaderData, matches }: Route.ComponentProps) {
  const { article } = loaderData;
  const { info } = useRootData();
  const nonce = useNonce();
  const origin = originOf(matches);
  const selected = article.sizes.find((s) => s.code === article.selectedSize) ?? null;
  const basePath = articlePath(article.lineCode, article.subLineCode, article.model);
  return (
    <Container size="xl" py="xl">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning>
        {JSON.stringify(productJsonLd(article, origin)).replace(/</g, '\\u003c')}
      </script>
      <Breadcrumbs mb="md" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/">
          Inicio
        </Anchor>
        <Anchor component={Link} to={linePath(article.lineCode)}>
          {article.lineName}
        </Anchor>
        <Anchor component={Link} to={subLinePath(article.lineCode, article.subLineCode)}>
          {article.subLineName}
        </Anchor>
      </Breadcrumbs>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Galeria
            photos={article.photos}
            image={article.image}
            imageSrcSet={article.imageSrcSet}
            label={`${article.name}, color ${article.colorName}`}
            overlay={
              article.onPromotion && (
                <Badge pos="absolute" top={12} left={12} size="lg" color="pink">
                  Oferta
                </Badge>
              )
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {article.name}
              </Title>
              <Text size="sm" c="dimmed">
                Código: <span data-testid="codigo-articulo">{selected ? selected.article : article.model}</span>
              </Text>
            </div>
            <Precio price={article.price} promotion={article.promotion} discount={article.discount} size="xl" />
            <Text size="xs" c="dimmed">
              Precio sin IVA (16 %); el IVA se suma en el carrito.
            </Text>

            <Stack gap={6}>
              <Text fw={600}>
                Color: <span data-testid="color-elegido">{article.colorName}</span>
              </Text>
              <Group gap="xs" role="list" aria-label="Colores disponibles">
                {article.colors.map((color) => (
                  <UnstyledButton
                    key={color.model}
                    component={Link}
                    to={
                      article.selectedSize
                        ? articlePath(article.lineCode, article.subLineCode, buildArticleCode(color.model, article.selectedSize))
                        : color.path
                    }
                    preventScrollReset
                    role="listitem"
                    aria-label={`Color ${color.name}`}
                    aria-current={color.model === article.model ? 'true' : undefined}
                    data-testid={`swatch-${color.colorCode}`}
                    style={{
                      width: 36,
                      height: 36,
                      borderRadius: 18,
                      background: color.hex,
                      border: color.model === article.model ? '3px solid #a61e4d' : '1px solid #868e96',
                      outlineOffset: 2,
                    }}
                  />
                ))}
              </Group>
            </Stack>

            <Stack gap={6}>
              <Text fw={600}>Talla{selected ? `: ${selected.label}` : ''}</Text>
              <Group gap="xs" role="list" aria-label="Tallas">
                {article.sizes.map((size) => {
                  const active = size.code === article.selectedSize;
                  const code = buildArticleCode(article.model, size.code);
                  return (
                    <UnstyledButton
                      key={size.code}
                      component={Link}
                      to={articlePath(article.lineCode, article.subLineCode, code)}
                      preventScrollReset
                      role="listitem"
                      aria-current={active ? 'true' : undefined}
                      aria-label={`Talla ${size.label}${size.stock === 0 ? ', agotada' : ''}`}
                      data-testid={`talla-${size.code}`}
                      style={{
                        minWidth: 48,
                        padding: '8px 12px',
                        textAlign: 'center',
                        borderRadius: 6,
                        fontWeight: 600,
                        border: active ? '2px solid #a61e4d' : '1px solid #adb5bd',
                        background: active ? '#fff0f6' : '#fff',
                        color: size.stock === 0 ? '#868e96' : '#212529',
                        textDecoration: size.stock === 0 ? 'line-through' : 'none',
                      }}
                    >
                      {size.label}
                    </UnstyledButton>
                  );
                })}
              </Group>
              <TallaSugerida
                sugerencias={loaderData.sugerencias}
                selectedSize={article.selectedSize}
                pathOf={(size) => articlePath(article.lineCode, article.subLineCode, buildArticleCode(article.model, size))}
              />
              {!selected && (
                <Text size="sm" c="dimmed">
                  Elija una talla para ver la existencia por tienda.
                </Text>
              )}
              {selected && selected.article !== article.model && (
                <Anchor component={Link} to={basePath} size="xs">
                  Quitar talla
                </Anchor>
              )}
            </Stack>

            {selected && <AgregarAlCarrito articleCode={selected.article} sizeLabel={selected.label} stores={selected.stores} />}

            <Accordion variant="separated" defaultValue="descripcion">
              <Accordion.Item value="descripcion">
                <Accordion.Control>Descripción</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{article.description}</Text>
                </Accordion.Panel>
              </Accordion.Item>
              {info.sizeGuide && (
                <Accordion.Item value="guia">
                  <Accordion.Control>Guía de tallas</Accordion.Control>
                  <Accordion.Panel>
                    <GuiaDeTallas text={info.sizeGuide} />
                  </Accordion.Panel>
                </Accordion.Item>
              )}
              <Accordion.Item value="envios">
                <Accordion.Control>Envíos y pagos</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{info.facility}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
