import { create } from 'zustand';

export interface HistoryState {
  /** The last page visited that a guest-only screen may send an authenticated visitor back to. */
  previousPath: string | null;
  remember(path: string): void;
  forget(): void;
}

export const useHistoryStore = create<HistoryState>((set) => ({
  previousPath: null,
  remember: (path) => set({ previousPath: path }),
  forget: () => set({ previousPath: null }),
}));
