import { act, render, screen } from '@testing-library/react';
import { THEME_PRESETS } from '@vocal/settings-model';
import { describe, expect, it } from 'vitest';
import { TeamsTheme, themeForTeams } from './teams-theme.tsx';

describe('Teams’ theme', () => {
  it('maps each Teams theme to ours, and nothing else', () => {
    expect(themeForTeams('default')).toBe(THEME_PRESETS.Light);
    expect(themeForTeams('dark')).toBe(THEME_PRESETS.Slate);
    expect(themeForTeams('contrast')).toBe(THEME_PRESETS.Black);
    expect(themeForTeams(undefined)).toBeNull();
    expect(themeForTeams('sepia')).toBeNull();
  });

  it('follows the person switching it in Teams', () => {
    let switchTo: (theme: string) => void = () => undefined;
    const { container } = render(
      <TeamsTheme initial="dark" subscribe={(handler) => void (switchTo = handler)}>
        <p>Tab</p>
      </TeamsTheme>,
    );
    const root = () => container.querySelector('.teams-theme');
    expect(root()).toHaveAttribute('data-vk-scheme', 'dark');
    act(() => switchTo('default'));
    expect(root()).toHaveAttribute('data-vk-scheme', 'light');
    act(() => switchTo('unknown'));
    expect(root()).toBeNull();
    expect(screen.getByText('Tab')).toBeVisible();
  });
});
