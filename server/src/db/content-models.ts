/** The content tables' column types beside models.ts: a media file's type and an item's. */

export type MediaType = 'image' | 'video' | 'pdf' | 'audio';
export type ItemType = 'row' | 'paragraph' | MediaType;
