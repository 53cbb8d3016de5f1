import { z } from 'zod';
import { colourSchema } from './colour.ts';
import { DEFAULT_FONT, DEFAULT_THEME_INDEX, THEME_PRESET_NAMES } from './theme-presets.ts';

export const themePresetNameSchema = z.enum(THEME_PRESET_NAMES);

export const themeSchema = z.object({
  name: z.string().trim().min(1, { error: 'Required' }).max(60),
  preset: themePresetNameSchema,
  primary: colourSchema,
  neutral: colourSchema,
  background: colourSchema,
  font: z.string().trim().min(1).max(60).default(DEFAULT_FONT),
});
export type Theme = z.infer<typeof themeSchema>;

/** A reference to one of the user's themes, by index (default 0). */
export const themeIndexSchema = z.number().int().min(0).max(49).default(DEFAULT_THEME_INDEX);
