// The API client the pages use (in-process on the server: server/src/ssr). Same envelope.
import type { Contract, ContractInput, ContractResponse, ListMeta } from '#domain/contracts/contract.ts';

export type { ListMeta };

export type ApiError = { success: false; message: string; errors?: Record<string, string[]>; requestId?: string };

export type ApiBody<T> = { success: true; data: T; meta?: ListMeta } | ApiError;

/** `cookies`: Set-Cookie values the API sent (login, logout), for the page response to pass on. */
export type ApiResponse<T> = { status: number; body: ApiBody<T>; cookies: string[] };

export type ApiClient = {
  /** Calls a route through its contract: path parameters, query or body from `input`. */
  call<C extends Contract>(
    contract: C,
    input: ContractInput<C>,
    options?: { headers?: Record<string, string> },
  ): Promise<{ status: number; body: ContractResponse<C> | ApiError; cookies: string[] }>;
};

export type LoadContext = { api: ApiClient; nonce: string };
