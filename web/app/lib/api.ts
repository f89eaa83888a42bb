// Unwraps API envelopes in loaders: data on success, the API's status and Spanish message otherwise.
import { data } from 'react-router';
import type { ApiResponse, ListMeta } from '#domain/contracts/api-client.ts';
import type { Contract, ContractInput } from '#domain/contracts/contract.ts';
import './context.ts';

/**
 * What a person typed in a form, sent as it is: the route's own schema validates it and answers
 * 422 with the message of each field, which the page shows under it.
 */
export function formInput<C extends Contract>(_contract: C, values: Record<string, unknown>): ContractInput<C> {
  return values as ContractInput<C>;
}

export function unwrap<T>(response: ApiResponse<T>): T {
  if (response.body.success) return response.body.data;
  throw data({ message: response.body.message }, { status: response.status });
}

export function unwrapList<T>(response: ApiResponse<T[]>): { items: T[]; meta: ListMeta } {
  if (response.body.success && response.body.meta) return { items: response.body.data, meta: response.body.meta };
  if (response.body.success) throw data({ message: 'Respuesta sin paginación' }, { status: 500 });
  throw data({ message: response.body.message }, { status: response.status });
}

/** Secondary data: an unsuccessful answer becomes the fallback instead of an error page (docs/arquitectura.md §Errores en las páginas). */
export function orFallback<T>(response: ApiResponse<T>, fallback: T): T {
  return response.body.success ? response.body.data : fallback;
}
