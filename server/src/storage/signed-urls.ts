/**
 * Short-lived signed file URLs (ARCHITECTURE.md): `<img>` and `<video>` load media without a bearer
 * header, so the URL itself carries the permission — an expiry and an HMAC-SHA256 over the organization,
 * the media id, the variant and the expiry, keyed with the app's secret. Whoever may see the row that
 * carries the URL may fetch the file until it expires; a tampered or expired URL is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A media row's file or thumbnail, or one of a video's captions tracks (`caption-{captionId}`). */
export type FileVariant = 'file' | 'thumbnail' | `caption-${string}`;
const CAPTION_VARIANT = /^caption-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isFileVariant(value: string): value is FileVariant {
  return value === 'file' || value === 'thumbnail' || CAPTION_VARIANT.test(value);
}

/** Long enough to watch a video in one sitting; lists are refetched far more often. */
const SIGNED_URL_TTL_SECONDS = 2 * 60 * 60;

const MAX_KEPT_URLS = 50_000;

interface FileRef {
  tenantId: string;
  mediaId: string;
  variant: FileVariant;
}

export interface UrlSigner {
  /** An absolute URL, valid for `ttlSeconds` from now. */
  url(ref: FileRef, ttlSeconds?: number): string;
  /** True when the signature matches and has not expired. */
  verify(ref: FileRef, expires: string | undefined, signature: string | undefined, now?: number): boolean;
}

function payload(ref: FileRef, expires: number): string {
  return `${ref.tenantId}\n${ref.mediaId}\n${ref.variant}\n${expires}`;
}

function filePath(ref: FileRef): string {
  return `/api/files/${ref.tenantId}/${ref.mediaId}/${ref.variant}`;
}

export function createUrlSigner(secret: string, publicUrl: string): UrlSigner {
  const key = createHmac('sha256', secret).update('tessera media urls').digest();
  const sign = (ref: FileRef, expires: number) => createHmac('sha256', key).update(payload(ref, expires)).digest('base64url');
  // The URLs of the current minute: a page of 25 files signs 50 URLs, the same ones for every request that minute.
  const signedThisMinute = new Map<string, string>();
  let minute = 0;
  return {
    url(ref, ttlSeconds = SIGNED_URL_TTL_SECONDS) {
      // Rounded to the minute, so the same file keeps the same URL for a while and browsers can cache it.
      const expires = Math.ceil((Date.now() / 1000 + ttlSeconds) / 60) * 60;
      const path = filePath(ref);
      const keptAs = `${path}?${expires}`;
      if (expires !== minute || signedThisMinute.size >= MAX_KEPT_URLS) {
        signedThisMinute.clear();
        minute = expires;
      }
      let url = signedThisMinute.get(keptAs);
      if (url === undefined) {
        url = `${publicUrl}${path}?expires=${expires}&signature=${sign(ref, expires)}`;
        signedThisMinute.set(keptAs, url);
      }
      return url;
    },
    verify(ref, expires, signature, now = Date.now()) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      const expiry = Number(expires);
      if (expiry * 1000 < now) return false;
      const expected = Buffer.from(sign(ref, expiry));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
