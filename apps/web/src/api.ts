/** The pages talk only to the platform's own API (same origin), with the credential the user gave, in the language chosen. */
import { chosenLanguage } from './language';

const TOKEN_KEY = 'casino-audit.credential';

export const credential = {
  get: () => sessionStorage.getItem(TOKEN_KEY) ?? '',
  set: (value: string) => sessionStorage.setItem(TOKEN_KEY, value.trim()),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const token = credential.get();
  const h: Record<string, string> = { 'accept-language': chosenLanguage(), ...extra };
  if (token) {
    if (token.startsWith('cak_') || token.startsWith('key_')) h['x-api-key'] = token;
    else h.authorization = `Bearer ${token}`;
  }
  return h;
}

async function failure(res: Response): Promise<never> {
  let reason = res.statusText;
  try {
    const body = await res.json();
    reason = body.refusals?.map((r: { field: string; reason: string }) => `${r.field}: ${r.reason}`).join('; ') ?? body.reason ?? body.message ?? reason;
  } catch {
    /* not JSON */
  }
  throw new ApiError(res.status, `${res.status} ${reason}`);
}

export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: headers({ accept: 'application/json' }) });
  if (!res.ok) return failure(res);
  return res.json() as Promise<T>;
}

export async function postEvents(events: unknown[]): Promise<{ appended: number; duplicate: number }> {
  const res = await fetch('/api/v1/events', { method: 'POST', headers: headers({ 'content-type': 'application/json' }), body: JSON.stringify(events) });
  if (!res.ok) return failure(res);
  return res.json();
}

/**
 * Download a file the API produces (PDF, CSV) with the credential, then hand it to the browser.
 * Buttons start it with `void`: nothing on the page waits for the file, and a refusal is not shown on the page yet (it reaches the console).
 */
export async function download(path: string, filename: string): Promise<void> {
  const res = await fetch(path, { headers: headers() });
  if (!res.ok) return failure(res);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function uuid(): string {
  return crypto.randomUUID();
}
