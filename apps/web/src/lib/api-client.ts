/** An API failure: the HTTP status and the server's stable error code, from `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Calls the app's own API with cookies; resolves with the JSON body, rejects with ApiError. */
export async function api<T>(method: Method, url: string, body?: unknown): Promise<T> {
  return send<T>(url, {
    method,
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** POSTs a file's bytes (or pasted text) as they are, for the server to decode; resolves with the JSON answer. */
export async function apiUpload<T>(url: string, file: Blob | string): Promise<T> {
  const body = typeof file === 'string' ? file : await readBytes(file);
  return send<T>(url, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/octet-stream' }, body });
}

/** A file's bytes through FileReader, which every browser (and jsdom, unlike Blob.arrayBuffer) has. */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new ApiError(0, 'unreadable_file', 'The file could not be read. Choose it again.'));
    reader.readAsArrayBuffer(file);
  });
}

async function send<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', 'Could not reach the server. Check your connection.');
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? 'http_error', err?.message ?? `Request failed (${res.status})`);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
