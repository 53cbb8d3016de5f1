import { THEME_PRESETS } from '@vocal/settings-model';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '../dialog/dialog.tsx';
import { ThemeProvider } from './theme-provider.tsx';

describe('ThemeProvider', () => {
  it("puts the theme's variables on its element", () => {
    render(
      <ThemeProvider theme={THEME_PRESETS.Black} data-testid="root">
        content
      </ThemeProvider>,
    );
    const root = screen.getByTestId('root');
    expect(root).toHaveClass('vk-theme');
    expect(root).toHaveAttribute('data-vk-scheme', 'dark');
    expect(root.style.getPropertyValue('--vk-color-background')).toBe('#000000');
    expect(root.style.getPropertyValue('--vk-color-primary')).toBe('#3B8BFF');
  });

  it('keeps overlays inside the themed element', () => {
    render(
      <ThemeProvider theme={THEME_PRESETS.Slate} data-testid="root">
        <Dialog open onClose={vi.fn()} title="Settings" />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('root')).toContainElement(screen.getByRole('dialog', { name: 'Settings' }));
  });
});
