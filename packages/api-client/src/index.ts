/**
 * The typed HTTP client of SPEC §7–§8, shared by the customer app and the console.
 * - base path /web, JSON, `accept-language` and `languages` headers, the token in Authorization;
 * - 120 s timeout (60 s for uploads);
 * - a call given a request id aborts the earlier call with the same id, silently;
 * - envelope: code 200 resolves with data; 401/403 call onUnauthorized and reject; other codes
 *   reject with the server msg; a network failure rejects with kind 'network'.
 */
import {
  type DataOf,
  type Endpoint,
  type EndpointOf,
  type EndpointRef,
  endpointUrl,
  fillPath,
  type ParamsOf,
  REQUEST_TIMEOUT_MS,
  type RequestOf,
  UPLOAD_TIMEOUT_MS,
} from '@beurs/contracts';

export type ApiErrorKind = 'server' | 'unauthorized' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: number,
    readonly field?: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** Aborted calls are replaced by a newer one: nothing to show. */
  get silent() {
    return this.kind === 'aborted';
  }
}

/** The server's 404: the thing asked for does not exist for this caller (another customer's id answers so too). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 404;
}

export interface ClientOptions {
  baseUrl?: string;
  getToken: () => string | null | undefined;
  getLanguage: () => string;
  /** Called once for a 401 or 403 answer (the session is gone). */
  onUnauthorized?: (message: string, code: 401 | 403) => void;
  /** Message used when the network fails and the server said nothing. */
  networkErrorMessage?: () => string;
  timeoutMessage?: () => string;
  fetchImpl?: typeof fetch;
}

export interface CallOptions {
  /** A newer call with the same id aborts this one. */
  requestId?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  idempotencyKey?: string;
}

/** Endpoints with path parameters take them as the second argument; the others take none. */
type Args<X extends Endpoint | EndpointRef, E extends Endpoint = EndpointOf<X>> = [NonNullable<E['params']>] extends [
  never,
]
  ? [request?: RequestOf<E>, params?: undefined, options?: CallOptions]
  : NonNullable<E['params']> extends object
    ? [request: RequestOf<E>, params: ParamsOf<E>, options?: CallOptions]
    : [request?: RequestOf<E>, params?: undefined, options?: CallOptions];

export { fillPath };

export function createApiClient(options: ClientOptions) {
  const base = `${options.baseUrl ?? ''}/web`;
  const inFlight = new Map<string, AbortController>();
  const doFetch = options.fetchImpl ?? ((...a: Parameters<typeof fetch>) => fetch(...a));

  async function send<T>(
    url: string,
    init: RequestInit,
    timeoutMs: number,
    opts: CallOptions | undefined,
    headers: Record<string, string>,
  ): Promise<T> {
    const controller = new AbortController();
    if (opts?.requestId) {
      inFlight.get(opts.requestId)?.abort('replaced');
      inFlight.set(opts.requestId, controller);
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort('timeout');
    }, timeoutMs);
    opts?.signal?.addEventListener('abort', () => controller.abort('aborted'), { once: true });
    const lang = options.getLanguage();
    const token = options.getToken();
    try {
      const res = await doFetch(url, {
        ...init,
        signal: controller.signal,
        headers: {
          accept: 'application/json',
          'accept-language': lang,
          languages: lang,
          ...(token ? { authorization: token } : {}),
          ...(opts?.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
          ...headers,
        },
      });
      type Body = { code?: number; msg?: string; data?: unknown; field?: string; reason?: string };
      const body = (await res.json().catch(() => null)) as Body | null;
      const code = body?.code ?? res.status;
      if (code === 200) return body?.data as T;
      const msg = body?.msg || options.networkErrorMessage?.() || 'Network Error';
      if (code === 401 || code === 403) {
        options.onUnauthorized?.(msg, code);
        throw new ApiError('unauthorized', msg, code);
      }
      throw new ApiError('server', msg, code, body?.field, body?.reason);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (controller.signal.aborted) {
        if (timedOut) throw new ApiError('timeout', options.timeoutMessage?.() ?? 'Connection timed out');
        throw new ApiError('aborted', 'aborted');
      }
      throw new ApiError('network', options.networkErrorMessage?.() ?? 'Network Error');
    } finally {
      clearTimeout(timer);
      if (opts?.requestId && inFlight.get(opts.requestId) === controller) inFlight.delete(opts.requestId);
    }
  }

  /** Calls a contract endpoint (or its reference, which carries no schemas) and resolves with its `data`. */
  function call<X extends Endpoint | EndpointRef>(
    endpoint: X,
    ...[request, params, opts]: Args<X>
  ): Promise<DataOf<X>> {
    const url = `${base}${endpointUrl(endpoint, request, params as Record<string, unknown> | undefined)}`;
    const timeoutMs = opts?.timeoutMs ?? REQUEST_TIMEOUT_MS;
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
      return send(url, { method: endpoint.method }, timeoutMs, opts, {});
    }
    if (endpoint.form) {
      // SPEC §7: some calls send their body form-encoded (values as text; undefined fields left out).
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries((request ?? {}) as Record<string, unknown>)) {
        if (v !== undefined && v !== null) form.append(k, String(v));
      }
      return send(url, { method: endpoint.method, body: form.toString() }, timeoutMs, opts, {
        'content-type': 'application/x-www-form-urlencoded',
      });
    }
    return send(url, { method: endpoint.method, body: JSON.stringify(request ?? {}) }, timeoutMs, opts, {
      'content-type': 'application/json',
    });
  }

  /** Uploads one file in multipart field `file` to a multipart endpoint. */
  function upload<X extends Endpoint | EndpointRef>(endpoint: X, file: Blob, fileName = 'upload', opts?: CallOptions) {
    const form = new FormData();
    form.append('file', file, fileName);
    return send<DataOf<X>>(
      `${base}${endpoint.path}`,
      { method: 'POST', body: form },
      opts?.timeoutMs ?? UPLOAD_TIMEOUT_MS,
      opts,
      {},
    );
  }

  return { call, upload };
}

export type ApiClient = ReturnType<typeof createApiClient>;
