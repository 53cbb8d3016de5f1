import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { APP_VERSION } from '@vocal/settings-model';
import { App } from './app.tsx';
import { watchChunkErrors } from './boot/chunk-reload.ts';

watchChunkErrors();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
// Spec section 1: on startup the app logs that it was initialized.
console.info(`Vocal web app ${APP_VERSION} initialized`);
