/**
 * Files for media uploads in journeys, made in memory, and the multipart upload itself (POST /tenants/{t}/media).
 * The server sniffs types from magic numbers and checks sizes and image dimensions from its configuration
 * (images at least 800 x 450, videos over 10 KB, files over 1 KB by default).
 */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

export interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB png of noise (it does not compress, so its size is well over any minimum). */
export function noisePng(width = 800, height = 450): Upload {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const buffer = Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
  return { name: 'image.png', mimeType: 'image/png', buffer };
}

/** An ISO base media `ftyp` box (sniffed as video/mp4) padded past the video minimum; not playable. */
export function mp4(): Upload {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  return { name: 'video.mp4', mimeType: 'video/mp4', buffer: Buffer.concat([ftyp, Buffer.alloc(20_000, 0x20)]) };
}

/** A one-page pdf. */
export function pdf(): Upload {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  ];
  const buffer = Buffer.from(`%PDF-1.4\n%${'x'.repeat(1200)}\n${objects.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  return { name: 'document.pdf', mimeType: 'application/pdf', buffer };
}

/** MPEG-1 layer III frame headers (sniffed as audio/mpeg). */
export function mp3(): Upload {
  const frame = Buffer.alloc(417, 0);
  Buffer.from([0xff, 0xfb, 0x90, 0x64]).copy(frame);
  return { name: 'audio.mp3', mimeType: 'audio/mpeg', buffer: Buffer.concat(Array.from({ length: 8 }, () => frame)) };
}

/** Uploads one file to the organization's media library as `email` (an author); answers the new media's id. */
export async function uploadMedia(
  request: APIRequestContext,
  organization: string,
  media: { name: string; type: 'image' | 'video' | 'pdf' | 'audio'; file: Upload; thumbnail?: Upload },
  email = 'admin@example.com',
): Promise<string> {
  const login = await request.post('/api/token', { form: { grant_type: 'password', client_id: 'tessera-web', email, password: DEMO_PASSWORD } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const { name, type, file, thumbnail } = media;
  const response = await request.post(`/api/tenants/${organization}/media`, {
    multipart: { name, type, file, ...(thumbnail ? { thumbnail } : {}) },
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status(), `upload of ${name}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}
