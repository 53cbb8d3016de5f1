import { THEME_PRESETS, themeVariables } from '@vocal/settings-model';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '../dialog/dialog.tsx';
import { ThemeScope } from './theme-scope.tsx';

describe('ThemeScope', () => {
  it('puts a palette worked out elsewhere (the server, for the embed player) on its element, as ThemeProvider does', () => {
    const palette = themeVariables(THEME_PRESETS['Exotic Black']);
    render(
      <ThemeScope variables={palette} className="embed" data-testid="root">
        content
      </ThemeScope>,
    );
    const root = screen.getByTestId('root');
    expect(root).toHaveClass('vk-theme', 'embed');
    expect(root).toHaveAttribute('data-vk-scheme', 'dark');
    expect(root.style.getPropertyValue('--vk-color-background')).toBe('#0B0A10');
    expect(root.style.getPropertyValue('--vk-color-text')).toBe(palette['--vk-color-text']);
  });

  it('is the root its overlays render into', () => {
    render(
      <ThemeScope variables={themeVariables(THEME_PRESETS.Light)} data-testid="root">
        <Dialog open onClose={vi.fn()} title="Settings" />
      </ThemeScope>,
    );
    expect(screen.getByTestId('root')).toContainElement(screen.getByRole('dialog', { name: 'Settings' }));
  });
});
