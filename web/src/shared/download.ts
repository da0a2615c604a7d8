import { publicConfig } from './config.ts';
import { ApiError } from './api-error.ts';
import { apiLanguage, csrfToken } from './api-client.ts';

export interface DownloadedFile {
  blob: Blob;
  /** from the server's Content-Disposition, else the fallback */
  filename: string;
}

const filenameOf = (disposition: string | null): string | undefined => {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
};

/**
 * Fetches a file of the API (a PDF or spreadsheet export) in the active language. A plain link
 * would send the browser's languages, not the one the reader chose in the app.
 */
export async function fetchFile(
  path: string,
  fallbackName: string,
  init: {
    signal?: AbortSignal;
    /** each part of the file as it arrives (a long download's progress) */
    onChunk?: (chunk: Uint8Array) => void;
    /** a file asked for by POST with this body (a secret that must stay out of addresses) */
    post?: object;
  } = {},
): Promise<DownloadedFile> {
  const headers: Record<string, string> = { 'Accept-Language': apiLanguage() };
  if (init.post) {
    headers['Content-Type'] = 'application/json';
    headers['X-CSRFToken'] = await csrfToken();
  }
  const response = await fetch(`${publicConfig.apiBaseURL}${path}`, {
    method: init.post ? 'POST' : 'GET',
    body: init.post ? JSON.stringify(init.post) : undefined,
    headers,
    credentials: 'include',
    signal: init.signal,
  });
  if (!response.ok) {
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(response.status, data);
  }
  const filename = filenameOf(response.headers.get('content-disposition')) ?? fallbackName;
  const type = response.headers.get('content-type') ?? '';
  if (!init.onChunk || !response.body) return { blob: await response.blob(), filename };
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    chunks.push(part.value);
    init.onChunk(part.value);
  }
  return { blob: new Blob(chunks, { type }), filename };
}

/** Hands a blob to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
