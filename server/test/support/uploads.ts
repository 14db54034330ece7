/** Multipart requests for upload tests: real fetch with FormData, answers checked against the contract. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiResponse, ParsedAnswer } from './api.js';
import { assertContract } from './contract.js';
import type { ServerConfig } from '../../src/config.js';
import type { TestServer } from './server.js';

export interface FilePart {
  data: Buffer;
  filename: string;
  /** The type the client declares (browsers guess it from the extension); the server sniffs the bytes anyway. */
  type?: string;
}

export type FormParts = Record<string, string | FilePart | FilePart[]>;

function formData(parts: FormParts): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (typeof part === 'string') form.append(name, part);
      else form.append(name, new Blob([new Uint8Array(part.data)], { type: part.type ?? 'application/octet-stream' }), part.filename);
    }
  }
  return form;
}

export async function multipart<T = ParsedAnswer>(
  server: TestServer,
  path: string,
  parts: FormParts,
  token?: string,
  method = 'POST',
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${server.api.baseUrl}${path}`, { method, headers, body: formData(parts) });
  const text = await response.text();
  const body = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text || undefined;
  assertContract(method, path.split('?')[0], response.status, body);
  return { status: response.status, headers: response.headers, body: body as T };
}

/** Every file under the storage folder (partial `.part` files included), to show nothing is left behind. */
export function storedFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(path);
    }
  };
  walk(root);
  return found.sort();
}

/** Small limits, so that upload tests need only small files. */
export const TEST_LIMITS = {
  image: { min_width: 160, min_height: 90, max_width: 2000, max_height: 2000 },
  file_sizes: {
    image: { min_size: 0, max_size: 300 },
    thumbnail: { min_size: 0, max_size: 300 },
    pdf: { min_size: 1, max_size: 100 },
    video: { min_size: 1, max_size: 500 },
    audio: { min_size: 1, max_size: 100 },
    caption: { min_size: 0, max_size: 2 },
    question_bank: { min_size: 0, max_size: 50 },
  },
};

export function mediaTestConfig(): Partial<ServerConfig> {
  return { media: { storage: { driver: 'local' }, limits: TEST_LIMITS, imageConcurrency: 1 } };
}

/** Downloads a signed URL from an answer (it carries the test server's public URL). */
export async function fetchSigned(server: TestServer, url: string, init: RequestInit = {}): Promise<Response> {
  const { pathname, search } = new URL(url);
  return fetch(`${server.url}${pathname}${search}`, init);
}
