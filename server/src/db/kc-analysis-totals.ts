/**
 * How the knowledge check report reads a drawn row's correctness (ARCHITECTURE.md#knowledge-check-reports): 1 when
 * correct, 0 when wrong or not marked. Migration 20250122000000 keeps its own copy for the totals it computes.
 */
export const correctOf = (isCorrect: string) => `coalesce(cast(${isCorrect} as integer), 0)`;
