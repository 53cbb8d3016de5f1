import './host-page.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AppShell } from './app-shell.tsx';

let root: Root | null = null;

/** Renders a page of a host app into #root, inside the shell; later calls replace what is shown. */
export function renderPage(page: ReactNode) {
  const element = document.getElementById('root');
  if (!element) return;
  root ??= createRoot(element);
  root.render(
    <StrictMode>
      <AppShell>{page}</AppShell>
    </StrictMode>,
  );
}
