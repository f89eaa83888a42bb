import { describe, expect, it } from 'vitest';
import { pageMeta } from './meta.ts';

const matches = [{ id: 'root', data: { info: { storeName: 'Vitrina' }, origin: 'https://tienda.example' } }];

describe('etiquetas de la página', () => {
  it('una página para compartir lleva Open Graph con su título, descripción y dirección', () => {
    const tags = pageMeta(matches, 'Damas', { path: '/linea/DAM/sub-lineas', description: 'Ropa para damas', share: true });
    expect(tags).toContainEqual({ property: 'og:title', content: 'Damas' });
    expect(tags).toContainEqual({ property: 'og:description', content: 'Ropa para damas' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://tienda.example/linea/DAM/sub-lineas' });
    expect(tags).toContainEqual({ property: 'og:site_name', content: 'Vitrina' });
  });

  it('sin share no agrega Open Graph (el artículo y el blog ponen las suyas)', () => {
    const tags = pageMeta(matches, 'Blusa', { path: '/x', description: 'd' });
    expect(tags.filter((t) => t.property?.startsWith('og:'))).toEqual([]);
  });
});
