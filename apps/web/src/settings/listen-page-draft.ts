import { resolveTheme, type ListenPageSettings, type Personalisation, type PersonalisationPatch, type Theme } from '@vocal/settings-model';
import { themeSave } from './theme-choice.ts';

/** The listen page form's state: the listen-page group with the theme itself, not its index. */
export type ListenPageDraft = Omit<ListenPageSettings, 'theme'> & { theme: Theme };

export const CUSTOM_LISTEN_THEME = 'Listen page';

export function listenPageDraft(settings: Personalisation): ListenPageDraft {
  return { ...settings.listenPage, theme: resolveTheme(settings.themes, settings.listenPage.theme) };
}

/**
 * What to send for this draft: the free settings always; theme, logo and call to action only
 * for Pro (the server refuses them from Free, and Free's controls are off), and the theme
 * list only when the chosen theme needed a new or changed entry.
 */
export function listenPagePatch(settings: Personalisation, draft: ListenPageDraft, pro: boolean): PersonalisationPatch {
  const { theme, logoUrl, cta, ...open } = draft;
  const listenPage: Record<string, unknown> = { ...open };
  const patch: PersonalisationPatch = { listenPage };
  if (!pro) return patch;
  const placed = themeSave(settings.themes, theme, CUSTOM_LISTEN_THEME);
  listenPage.theme = placed.index;
  listenPage.logoUrl = logoUrl;
  listenPage.cta = { ...cta, link: cta.link?.trim() ? cta.link.trim() : null };
  return placed.themes ? { ...patch, themes: placed.themes } : patch;
}
