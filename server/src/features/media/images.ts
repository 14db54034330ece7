/**
 * Image work with sharp, always streaming from and to storage: dimensions, the optional crop to the configured
 * size (spec section 5: "An image is cropped to the configured minimum size and saved as png"), and the
 * server-made thumbnail that lists and cards show instead of the full image.
 *
 * Decoding is the costly part (a 6000 x 6000 png is 144 MB of pixels), so its cost is bounded three ways: an
 * image larger than the configured maximum is refused from its header alone, before any pixel is decoded;
 * sharp refuses to decode more pixels than that maximum whatever the header said (`limitInputPixels`); and every
 * decode runs through the app's `imageWork` queue, a few at a time on one libvips thread each, so a burst of
 * uploads waits its turn instead of taking every core and the event loop's answers with them.
 */
import type { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import type { FileLimits } from '@tessera/sdk/rules';
import type { LimitedRunner } from '../../limit-concurrency.js';
import type { Storage } from '../../storage/storage.js';

// Each image is read once: libvips' operation cache (50 MB by default) would only hold memory.
sharp.cache(false);
// One libvips thread per image: how many images decode at once is the `imageWork` queue's decision.
sharp.concurrency(1);

/** Thumbnails are this wide at most (the crop viewport is 400 px wide, spec section 9). */
const THUMBNAIL_WIDTH = 400;

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

/** Width and height as displayed (EXIF orientations 5-8 turn the image a quarter), read from the header alone. */
async function imageSize(storage: Storage, key: string): Promise<{ width: number; height: number } | undefined> {
  try {
    const metadata = await (await from(storage, key, sharp({ limitInputPixels: false }))).metadata();
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
 * Measures the image; when it is within the configured dimensions, crops it (png of exactly min_width x
 * min_height, centred) and makes a thumbnail. The original is replaced by the crop. Updates `file` step by step
 * (so a failure half way still leaves it naming every stored object, for the caller's clean-up) and answers it;
 * the caller reports dimensions out of bounds (sdk `fileProblems`).
 */
export async function processImage(
  storage: Storage,
  file: StoredImage,
  options: { limits: FileLimits; crop: boolean; thumbnail: boolean; keyFor: (mimeType: string) => string; run: LimitedRunner },
): Promise<StoredImage> {
  const size = await imageSize(storage, file.key);
  const result = Object.assign(file, size);
  const { min_width, min_height, max_width, max_height } = options.limits.image;
  if (!size || size.width < min_width || size.height < min_height || size.width > max_width || size.height > max_height) return result;
  return options.run(() => transform(storage, result, { ...options, maxPixels: max_width * max_height }));
}

async function transform(
  storage: Storage,
  result: StoredImage,
  options: { limits: FileLimits; crop: boolean; thumbnail: boolean; keyFor: (mimeType: string) => string; maxPixels: number },
): Promise<StoredImage> {
  const { min_width, min_height } = options.limits.image;
  const decoder = () => sharp({ limitInputPixels: options.maxPixels, sequentialRead: true });
  if (options.crop) {
    const key = options.keyFor('image/png');
    const original = result.key;
    const bytes = await write(storage, original, key, decoder().rotate().resize(min_width, min_height, { fit: 'cover', position: 'centre' }).png());
    await storage.delete(original);
    Object.assign(result, { key, mimeType: 'image/png', size: bytes, width: min_width, height: min_height });
  }
  if (options.thumbnail) {
    const mimeType = result.mimeType === 'image/png' ? 'image/png' : 'image/jpeg';
    const key = options.keyFor(mimeType);
    const resized = decoder().rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true });
    const bytes = await write(storage, result.key, key, mimeType === 'image/png' ? resized.png() : resized.jpeg({ quality: 80 }));
    result.thumbnail = { key, mimeType, size: bytes };
  }
  return result;
}
