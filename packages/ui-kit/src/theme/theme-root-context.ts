import { createContext } from 'react';

/**
 * The element a ThemeProvider renders. Overlays are portalled into it rather than into
 * document.body so they inherit the theme's custom properties. `undefined`: no provider;
 * `null`: a provider whose element is not mounted yet.
 */
export const ThemeRootContext = createContext<HTMLElement | null | undefined>(undefined);
