// Page titles "Página | <tienda>", descriptions and canonical links, from the root loader's data.
type Match = { id: string; data?: unknown } | undefined;
type RootLike = { info?: { storeName?: string }; origin?: string };

function rootOf(matches: readonly Match[]): RootLike {
  return (matches.find((m) => m?.id === 'root')?.data ?? {}) as RootLike;
}

export function pageTitle(title: string, storeName = 'Vitrina'): string {
  return `${title} | ${storeName}`;
}

export function pageMeta(matches: readonly Match[], title: string, options: { description?: string; path?: string } = {}) {
  const root = rootOf(matches);
  const tags: Record<string, string>[] = [{ title: pageTitle(title, root.info?.storeName) }];
  if (options.description) tags.push({ name: 'description', content: options.description });
  if (options.path !== undefined && root.origin) tags.push({ tagName: 'link', rel: 'canonical', href: root.origin + options.path });
  return tags;
}

export function originOf(matches: readonly Match[]): string {
  return rootOf(matches).origin ?? '';
}
