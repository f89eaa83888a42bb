// Loaders that need several API answers at once (docs/arquitectura.md §Errores en las páginas). One failure shows that call's own error;
// when the combined request fails (several calls, or a call that threw), the catalogue's grave-error
// message with the support address of the store's public host.
import { data } from 'react-router';
import type { ApiResponse } from '#domain/contracts/api-client.ts';

export function graveErrorMessage(publicUrl: string): string {
  return `Ocurrio un error grave, intente nuevamente, si el error persiste favor contacte a soporte@${new URL(publicUrl).hostname}`;
}

export type CombinedFailure = { status: number; message: string };

/** What the page shows when some critical calls failed; null when none did. */
export function combinedFailure(results: readonly PromiseSettledResult<ApiResponse<unknown>>[], publicUrl: string): CombinedFailure | null {
  const failed = results.filter((r) => r.status === 'rejected' || !r.value.body.success);
  if (failed.length === 0) return null;
  const answers = failed.flatMap((r) =>
    r.status === 'fulfilled' && !r.value.body.success ? [{ status: r.value.status, message: r.value.body.message }] : [],
  );
  const grave = { status: 500, message: graveErrorMessage(publicUrl) };
  if (answers.length !== failed.length) return grave;
  if (answers.length === 1) return answers[0];
  // The same refusal from every call (the session ended, a 404) is that refusal, not a grave error.
  const [first] = answers;
  return first.status < 500 && answers.every((a) => a.status === first.status) ? first : grave;
}

/** Awaits the critical calls together; any failure becomes the page's error (see combinedFailure). */
export async function allCritical<const P extends readonly Promise<ApiResponse<unknown>>[]>(
  publicUrl: string,
  calls: P,
): Promise<{ -readonly [K in keyof P]: Awaited<P[K]> }> {
  const results = await Promise.allSettled(calls);
  const failure = combinedFailure(results, publicUrl);
  if (failure) throw data({ message: failure.message }, { status: failure.status });
  return results.map((r) => (r as PromiseFulfilledResult<ApiResponse<unknown>>).value) as { -readonly [K in keyof P]: Awaited<P[K]> };
}
