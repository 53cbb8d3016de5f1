import { createContext } from 'react';

/** What the app calls on navigation and on app errors. */
export type LoadingBarControls = {
  start(): void;
  finish(): void;
  error(): void;
};

export const LoadingBarContext = createContext<LoadingBarControls | null>(null);
