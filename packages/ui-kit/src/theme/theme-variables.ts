import { themeVariables as paletteOf, type Theme, type ThemeVariables } from '@vocal/settings-model';
import { parseColour } from './colour.ts';

export type { ThemeVariables };

/** A theme's palette (settings-model), reading colours as the browser does, named ones included. */
export const themeVariables = (theme: Theme): ThemeVariables => paletteOf(theme, parseColour);
