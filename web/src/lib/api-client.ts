import { type ErrorCode, TOO_MANY_REQUESTS_MESSAGE } from '@functions/domain/errors';
import { accessToken } from './auth';

/** An API error in the contract's envelope; branch on `code`, never on the message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether `error` is the API's answer with one of `codes` (functions/domain/errors.ts): branch on these, not on statuses. */
export const isApiError = (error: unknown, ...codes: ErrorCode[]): error is ApiError =>
  error instanceof ApiError && (codes as string[]).includes(error.code);

/** The API's 404: what was asked for is not there, and asking again will not change that. */
export const isNotFound = (error: unknown) => isApiError(error, 'NOT_FOUND');

type Query = Record<string, string | number | undefined>;

interface ErrorPayload {
  error?: { code: string; message: string; details?: unknown[] };
  message?: string;
}

/**
 * The error a failed answer stands for. Every throttling layer means the same to the user (the
 * WAF's JSON 429, API Gateway's `{"message":"Too Many Requests"}`), so any 429 reads alike. API
 * Gateway's JWT authorizer answers 401 with its own `{message}` body.
 */
export function apiErrorOf(status: number, payload: ErrorPayload): ApiError {
  // The messages' own per-sender limit says when to try again; every other 429 reads alike.
  if (status === 429 && payload.error?.code !== 'RATE_LIMITED')
    return new ApiError(status, 'TOO_MANY_REQUESTS', TOO_MANY_REQUESTS_MESSAGE);
  const error = payload.error ?? {
    code: status === 401 ? 'UNAUTHORIZED' : 'HTTP_ERROR',
    message: payload.message ?? 'An unexpected error occurred',
  };
  return new ApiError(status, error.code, error.message, error.details);
}

function apiUrl(path: string, query: Query = {}): URL {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  return url;
}

/** Fetches a file with the bearer token and hands it to the browser as a download named `filename`. */
export async function downloadApiFile(path: string, query: Query, filename: string): Promise<void> {
  const token = await accessToken();
  const response = await fetch(apiUrl(path, query), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw apiErrorOf(response.status, (await response.json().catch(() => ({}))) as ErrorPayload);
  saveFile(await response.blob(), filename);
}

/** Hands the browser a file to save, as a download. */
export function saveFile(file: Blob, filename: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = filename;
  link.click();
  // Revoked later, not at once: the browser reads the file after the click has returned.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

async function request<T>(
  method: string,
  path: string,
  options: { query?: Query; body?: unknown; token?: string } = {},
): Promise<T> {
  const url = apiUrl(path, options.query);
  const token = options.token ?? (await accessToken());
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => ({}))) as ErrorPayload;
  if (!response.ok) throw apiErrorOf(response.status, payload);
  return payload as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  /** `token`: a fresh sign-in's access token instead of the session's (deleting the account). */
  delete: <T>(path: string, options: { token?: string } = {}) => request<T>('DELETE', path, options),
};
