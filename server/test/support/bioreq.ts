/** Bioreq test helpers: small files of each kind, and an upload through the API. */
import sharp from 'sharp';
import type { ApiResponse } from './api.js';
import type { TestServer } from './server.js';
import { multipart, type FilePart } from './uploads.js';

/** A valid-looking pdf of about `bytes` bytes (file-type knows it by its `%PDF-` head). */
export function pdfBytes(bytes = 2000): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(head + ' '.repeat(Math.max(0, bytes - head.length - tail.length)) + tail, 'latin1');
}

export function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#d44' } })
    .png()
    .toBuffer();
}

export const pdfPart = (bytes?: number, filename = 'passport.pdf'): FilePart => ({ data: pdfBytes(bytes), filename, type: 'application/pdf' });

export function uploadBioreq(
  server: TestServer,
  tenantId: string,
  token: string,
  parts: { title?: string; description?: string; file?: FilePart } = {},
): Promise<ApiResponse> {
  const form: Record<string, string | FilePart> = {};
  if (parts.title !== undefined) form.title = parts.title;
  if (parts.description !== undefined) form.description = parts.description;
  if (parts.file) form.file = parts.file;
  return multipart(server, `/tenants/${tenantId}/bioreq`, form, token);
}

/** A new document by `token`'s member, answered by id (201 expected). */
export async function uploadDocument(server: TestServer, tenantId: string, token: string, title = 'Passport'): Promise<string> {
  const response = await uploadBioreq(server, tenantId, token, { title, description: 'My passport scan', file: pdfPart() });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.data.id as string;
}
