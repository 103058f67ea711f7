import type { ErrorBody, ErrorCode } from '../../common/errors';

/** A failed call: `message` is what the server said (spec §8), `code` its error code when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: ErrorCode,
    /** The whole error body, for fields beside the message (e.g. burnedAt). */
    readonly body?: ErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  /** Sent as JSON. Leave undefined for a request without a body. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. X-Creator-Token. */
  headers?: Record<string, string>;
}

/** Server `message`, else the body text, else the status text (spec §8). */
export function errorFromResponse(status: number, statusText: string, text: string): ApiError {
  if (text) {
    try {
      const parsed = JSON.parse(text) as Partial<ErrorBody>;
      if (typeof parsed.message === 'string' && parsed.message) {
        return new ApiError(parsed.message, status, parsed.error, parsed as ErrorBody);
      }
    } catch {
      // Not JSON: the text itself is the message.
    }
    return new ApiError(text, status);
  }
  return new ApiError(statusText || `Request failed (${status})`, status);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  return readJson<T>(response);
}

/** An answer's JSON, or the error it carries (spec §8). */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'GET', signal, headers }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};

export const OFFLINE_MESSAGE =
  'Your browser is offline. Nothing was sent; your text is kept here. Retry when the connection is back.';
export const STALLED_MESSAGE =
  'The connection stalled: nothing reached the server for 30 seconds. Your text is kept here; try again.';
/** Without a byte of progress (or an answer) for this long, a request is given up. */
const STALL_MS = 30_000;

/**
 * A JSON POST that reports upload progress (0..1). fetch cannot report request progress, hence XHR.
 * Fails with the server message, the body text or the status text, or 'Network error' — at once
 * when the browser is or goes offline, and after 30 s without progress (a stalled connection).
 * Network failures have status 0.
 */
export function postWithProgress<T>(
  path: string,
  body: unknown,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (!navigator.onLine) {
      reject(new ApiError(OFFLINE_MESSAGE, 0));
      return;
    }
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const fail = (message: string) => {
      cleanup();
      xhr.abort();
      reject(new ApiError(message, 0));
    };
    const onOffline = () => fail(OFFLINE_MESSAGE);
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => fail(STALLED_MESSAGE), STALL_MS);
    };
    const cleanup = () => {
      clearTimeout(stall);
      window.removeEventListener('offline', onOffline);
    };
    window.addEventListener('offline', onOffline);
    watch();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    // A FormData body sets its own multipart Content-Type (with the boundary); a Blob (a JSON file
    // chosen by the user) is sent as it is.
    const form = body instanceof FormData;
    const asIs = form || body instanceof Blob;
    if (!form) xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    // Sent whole, the server may take its time (a large paste is checked and stored): no stall timer.
    xhr.upload.onload = () => clearTimeout(stall);
    xhr.onload = () => {
      cleanup();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new ApiError('Invalid response from server', xhr.status));
        }
        return;
      }
      reject(errorFromResponse(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => {
      cleanup();
      reject(new ApiError(navigator.onLine ? 'Network error' : OFFLINE_MESSAGE, 0));
    };
    xhr.send(asIs ? (body as XMLHttpRequestBodyInit) : JSON.stringify(body));
  });
}

/** The message to show for a failed call: the server's words when there are any. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
