// The address of one page of a list: the same query with another page number. The next page also
// carries the list's cursor (`despues`), which the API reads instead of skipping rows (decision 0025);
// any other page drops it, because a cursor only means «after the page it came from».

export function pageHref(pathname: string, search: string, param: string, page: number, cursor?: string | null): string {
  const params = new URLSearchParams(search);
  params.delete('despues');
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  if (cursor && page > 1) params.set('despues', cursor);
  const qs = params.toString();
  return `${pathname}${qs ? `?${qs}` : ''}`;
}
