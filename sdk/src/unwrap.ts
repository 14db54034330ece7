import type { ApiErrorBody } from './errors.js';

/** Thrown by `unwrap` for an error answer; carries the status and the API's error body. */
export class TesseraApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = 'TesseraApiError';
  }

  /** Messages per field from a 422, or an empty object. */
  get fieldErrors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

/** Turns an openapi-fetch result into its data, or throws TesseraApiError. */
export async function unwrap<T>(
  result: Promise<{ data?: T; error?: unknown; response: Response }> | { data?: T; error?: unknown; response: Response },
): Promise<T> {
  const { data, error, response } = await result;
  if (error !== undefined || !response.ok) {
    const body: ApiErrorBody =
      error && typeof error === 'object' && 'message' in error
        ? (error as ApiErrorBody)
        : { message: 'Something went wrong.', code: `http_${response.status}` };
    throw new TesseraApiError(response.status, body);
  }
  return data as T;
}
