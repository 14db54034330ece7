import type { components, MediaType } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import { sameIds } from '../../lib/ids';
import { queryParams, type ListQuery } from '../../lists/useServerList';

export type Media = components['schemas']['Media'];
export type MediaOrder = components['schemas']['MediaOrder'];

const path = (tenantId: string) => ({ path: { tenantId } });
const mediaPath = (tenantId: string, mediaId: string) => ({ path: { tenantId, mediaId } });

/** The list's filters (spec 2.9): a type (absent for All Types) and a module. */
export interface MediaFilters {
  type?: MediaType;
  module?: string;
}

export function listMedia(tenantId: string, filters: MediaFilters) {
  return (query: ListQuery<MediaOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/media', { params: { ...path(tenantId), query: { ...queryParams(query), ...filters } } }));
}

/** One file as a single read gives it: with `items_count`, which list rows leave out (the contract's Media). */
export function getMedia(tenantId: string, mediaId: string) {
  return apiCall(client.GET('/tenants/{tenantId}/media/{mediaId}', { params: mediaPath(tenantId, mediaId) }));
}

export function deleteMedia(tenantId: string, media: Pick<Media, 'id'>) {
  return apiCall(client.DELETE('/tenants/{tenantId}/media/{mediaId}', { params: mediaPath(tenantId, media.id) }));
}

/** The signed URL as an attachment (the server names the download after the media). */
export function downloadUrl(url: string): string {
  const address = new URL(url, window.location.origin);
  address.searchParams.set('download', '1');
  return address.origin === window.location.origin ? `${address.pathname}${address.search}` : address.toString();
}

/** The parts of a media upload (spec 7.2: name, file, thumbnail, crop_image); absent parts are not sent. */
export interface MediaParts {
  name?: string;
  type?: MediaType;
  file?: Blob | null;
  thumbnail?: Blob | null;
  crop_image?: boolean;
}

/** A multipart body: text fields as strings, files with their names (a cropped image is a png). */
function mediaFormData(parts: MediaParts): FormData {
  const data = new FormData();
  if (parts.name !== undefined) data.append('name', parts.name);
  if (parts.type) data.append('type', parts.type);
  if (parts.crop_image) data.append('crop_image', '1');
  for (const field of ['file', 'thumbnail'] as const) {
    const blob = parts[field];
    if (blob) data.append(field, blob, blob instanceof File ? blob.name : `${parts.name || field}.png`);
  }
  return data;
}

/** The fields as the contract types them; the body actually sent is the FormData. */
function contractFields(parts: MediaParts) {
  return { name: parts.name, type: parts.type, crop_image: parts.crop_image };
}

function relateModules(tenantId: string, mediaId: string, modules: string[]) {
  return apiCall(client.POST('/tenants/{tenantId}/media/{mediaId}/modules', { params: mediaPath(tenantId, mediaId), body: { modules } }), { handles: [422] });
}

/** Uploads a new file (multipart through the SDK client), then tags its modules. */
export async function createMedia(tenantId: string, parts: MediaParts, modules: string[]): Promise<ApiOutcome<Media>> {
  const created = await apiCall(
    client.POST('/tenants/{tenantId}/media', {
      params: path(tenantId),
      body: contractFields(parts),
      bodySerializer: () => mediaFormData(parts),
    }),
    { handles: [406, 413, 415, 422] },
  );
  if (!created.ok) return created;
  if (modules.length === 0) return { ok: true, data: created.data.data };
  const related = await relateModules(tenantId, created.data.data.id, modules);
  return related.ok ? { ok: true, data: related.data.data } : related;
}

/** Media edit: the name and any replaced file or thumbnail, then the modules when they changed. */
export async function updateMedia(tenantId: string, media: Media, parts: MediaParts, modules: string[]): Promise<ApiOutcome<Media>> {
  const updated = await apiCall(
    client.POST('/tenants/{tenantId}/media/{mediaId}', {
      params: mediaPath(tenantId, media.id),
      body: contractFields(parts),
      bodySerializer: () => mediaFormData(parts),
    }),
    { handles: [406, 413, 415, 422] },
  );
  if (!updated.ok) return updated;
  if (
    sameIds(
      media.modules.map((module) => module.id),
      modules,
    )
  )
    return { ok: true, data: updated.data.data };
  const related = await relateModules(tenantId, media.id, modules);
  return related.ok ? { ok: true, data: related.data.data } : related;
}

export type Caption = components['schemas']['Caption'];

/** The parts of a captions upload (a video's WebVTT track). */
export interface CaptionParts {
  file: File;
  language: string;
  label: string;
  is_default: boolean;
}

/** Adds a WebVTT captions track to a video (multipart through the SDK client); 422s show under their fields. */
export function uploadCaption(tenantId: string, mediaId: string, parts: CaptionParts) {
  const data = new FormData();
  data.append('file', parts.file, parts.file.name);
  data.append('language', parts.language);
  data.append('label', parts.label);
  if (parts.is_default) data.append('is_default', '1');
  return apiCall(
    client.POST('/tenants/{tenantId}/media/{mediaId}/captions', {
      params: mediaPath(tenantId, mediaId),
      body: { file: '', language: parts.language, label: parts.label, is_default: parts.is_default },
      bodySerializer: () => data,
    }),
    { handles: [413, 415, 422] },
  );
}

export function deleteCaption(tenantId: string, mediaId: string, captionId: string) {
  return apiCall(client.DELETE('/tenants/{tenantId}/media/{mediaId}/captions/{captionId}', { params: { path: { tenantId, mediaId, captionId } } }));
}
