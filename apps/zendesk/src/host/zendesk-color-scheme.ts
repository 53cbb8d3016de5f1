import { z } from 'zod';
import { textProperty, type ZafClient } from './zaf-client.ts';

export type ColorScheme = 'light' | 'dark';
const colorSchemeSchema = z.enum(['light', 'dark']);

/**
 * Follows the agent's colour scheme in Zendesk (light or dark), which need not be the
 * system's: the `colorScheme` property and its change event. Where Zendesk does not give
 * it, the app keeps following the system.
 */
export function followColorScheme(client: ZafClient, onChange: (scheme: ColorScheme) => void) {
  client.get(['colorScheme']).then(
    (result) => {
      const scheme = colorSchemeSchema.safeParse(textProperty(result, 'colorScheme'));
      if (scheme.success) onChange(scheme.data);
    },
    () => undefined,
  );
  client.on('colorScheme.changed', (value) => {
    const scheme = colorSchemeSchema.safeParse(value);
    if (scheme.success) onChange(scheme.data);
  });
}
