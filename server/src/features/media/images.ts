/**
 * Image work with sharp, always streaming from and to storage: dimensions, the optional crop to the configured
 * size (spec section 5: "An image is cropped to the configured minimum size and saved as png"), and the
 * server-made thumbnail that lists and cards show instead of the full image.
 */
import type { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import type { FileLimits } from '@tessera/sdk/rules';
import type { Storage } from '../../storage/storage.js';

// Each image is read once: libvips' operation cache (50 MB by default) would only hold memory.
sharp.cache(false);

/** Thumbnails are this wide at most (the crop viewport is 400 px wide, spec section 9). */
export const THUMBNAIL_WIDTH = 400;

interface StoredImage {
  key: string;
  mimeType: string;
  size: number;
  width?: number;
  height?: number;
  thumbnail?: { key: string; mimeType: string; size: number };
}

/** Pipes a stored object into a sharp pipeline; a read error fails the pipeline too. */
async function from(storage: Storage, key: string, pipeline: Sharp): Promise<Sharp> {
  const input: Readable = await storage.get(key);
  input.on('error', (error) => pipeline.destroy(error));
  return input.pipe(pipeline);
}

/** Width and height as displayed (EXIF orientations 5-8 turn the image a quarter). */
export async function imageSize(storage: Storage, key: string): Promise<{ width: number; height: number } | undefined> {
  try {
    const metadata = await (await from(storage, key, sharp())).metadata();
    if (!metadata.width || !metadata.height) return undefined;
    const turned = (metadata.orientation ?? 1) >= 5;
    return turned ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
  } catch {
    // Bytes that start like an image but do not decode: reported as too small to use.
    return { width: 0, height: 0 };
  }
}

async function write(storage: Storage, sourceKey: string, targetKey: string, pipeline: Sharp): Promise<number> {
  return storage.put(targetKey, await from(storage, sourceKey, pipeline));
}

/**
 * Measures the image; when it is large enough, crops it (png of exactly min_width x min_height, centred) and
 * makes a thumbnail. The original is replaced by the crop. Updates `file` step by step (so a failure half way
 * still leaves it naming every stored object, for the caller's clean-up) and answers it.
 */
export async function processImage(
  storage: Storage,
  file: StoredImage,
  options: { limits: FileLimits; crop: boolean; thumbnail: boolean; keyFor: (mimeType: string) => string },
): Promise<StoredImage> {
  const size = await imageSize(storage, file.key);
  const result = Object.assign(file, size);
  const { min_width, min_height } = options.limits.image;
  if (!size || size.width < min_width || size.height < min_height) return result;

  if (options.crop) {
    const key = options.keyFor('image/png');
    const bytes = await write(storage, file.key, key, sharp().rotate().resize(min_width, min_height, { fit: 'cover', position: 'centre' }).png());
    await storage.delete(file.key);
    Object.assign(result, { key, mimeType: 'image/png', size: bytes, width: min_width, height: min_height });
  }
  if (options.thumbnail) {
    const mimeType = result.mimeType === 'image/png' ? 'image/png' : 'image/jpeg';
    const key = options.keyFor(mimeType);
    const resized = sharp().rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true });
    const bytes = await write(storage, result.key, key, mimeType === 'image/png' ? resized.png() : resized.jpeg({ quality: 80 }));
    result.thumbnail = { key, mimeType, size: bytes };
  }
  return result;
}
