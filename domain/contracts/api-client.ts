// The API client the pages use: in-process on the server, fetch in the browser. Same envelope.
export type ApiBody<T> =
  | { success: true; data: T; meta?: ListMeta }
  | { success: false; message: string; errors?: Record<string, string[]>; requestId?: string };

export type ListMeta = {
  current_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  last_page: number;
};

/** `cookies`: Set-Cookie values the API sent (login, logout), for the page response to pass on. */
export type ApiResponse<T> = { status: number; body: ApiBody<T>; cookies: string[] };

export type ApiClient = {
  get<T>(url: string, query?: Record<string, string>): Promise<ApiResponse<T>>;
  /** headers: extra request headers, such as Idempotency-Key. */
  post<T>(url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  patch<T>(url: string, body?: unknown): Promise<ApiResponse<T>>;
  put<T>(url: string, body?: unknown): Promise<ApiResponse<T>>;
  delete<T>(url: string): Promise<ApiResponse<T>>;
};

export type LoadContext = { api: ApiClient; nonce: string };
