// Page titles "Página | <tienda>", descriptions and canonical links, from the root loader's data.
type Match = { id: string; data?: unknown } | undefined;
type RootLike = { info?: { storeName?: string }; origin?: string };

function rootOf(matches: readonly Match[]): RootLike {
  return (matches.find((m) => m?.id === 'root')?.data ?? {}) as RootLike;
}

export function pageTitle(title: string, storeName = 'Vitrina'): string {
  return `${title} | ${storeName}`;
}

/** `share`: the page is one people pass around on WhatsApp or social networks, so it gets Open Graph
 * tags for the preview (pages with their own, like an article or a post, leave it off). */
export function pageMeta(matches: readonly Match[], title: string, options: { description?: string; path?: string; share?: boolean } = {}) {
  const root = rootOf(matches);
  const storeName = root.info?.storeName ?? 'Vitrina';
  const tags: Record<string, string>[] = [{ title: pageTitle(title, storeName) }];
  if (options.description) tags.push({ name: 'description', content: options.description });
  if (options.path !== undefined && root.origin) tags.push({ tagName: 'link', rel: 'canonical', href: root.origin + options.path });
  if (options.share) {
    tags.push(
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: storeName },
      { property: 'og:title', content: title },
      { property: 'og:locale', content: 'es_VE' },
    );
    if (options.description) tags.push({ property: 'og:description', content: options.description });
    if (options.path !== undefined && root.origin) tags.push({ property: 'og:url', content: root.origin + options.path });
  }
  return tags;
}

export function originOf(matches: readonly Match[]): string {
  return rootOf(matches).origin ?? '';
}
