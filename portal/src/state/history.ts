import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface HistoryState {
  /** The last page visited that a guest-only screen may send an authenticated visitor back to. */
  previousPath: string | null;
  remember(path: string): void;
  forget(): void;
}

/** Kept per tab (sessionStorage), so a page load or a typed address still knows where the visitor was. */
export const useHistoryStore = create<HistoryState>()(
  persist(
    (set) => ({
      previousPath: null,
      remember: (path) => set({ previousPath: path }),
      forget: () => set({ previousPath: null }),
    }),
    {
      name: 'tessera.history',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ previousPath: state.previousPath }),
    },
  ),
);
