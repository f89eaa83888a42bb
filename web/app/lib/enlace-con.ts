// Links to the current page with some query parameters changed (an empty value or null removes it):
// real links that keep the rest of the query (filters, page), so they work without JavaScript.
import { useLocation } from 'react-router';

export function useHrefWith() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') params.delete(key);
      else params.set(key, String(value));
    }
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };
}
