import { v7 } from 'uuid';

/** Time-ordered UUIDv7 ids: index-friendly, and sortable by creation. */
export function newId(): string {
  return v7();
}
