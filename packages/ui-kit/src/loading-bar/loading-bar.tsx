import './loading-bar.css';
import { LOADING_BAR } from '@vocal/settings-model';
import type { CSSProperties } from 'react';
import { classNames } from '../internal/class-names.ts';
import type { LoadingBarState } from './loading-bar-controller.ts';

export type LoadingBarProps = LoadingBarState & { className?: string };

/** The bar itself, fixed above the page. Usually rendered by LoadingBarProvider. */
export function LoadingBar({ progress, visible, error, className }: LoadingBarProps) {
  const style = {
    '--vk-loading-bar-colour': LOADING_BAR.colour,
    height: `${LOADING_BAR.heightPx}px`,
  } as CSSProperties;
  return (
    <div
      className={classNames('vk-loading-bar', className)}
      style={style}
      data-visible={visible}
      data-error={error}
      data-progress={Math.round(progress)}
      // Decoration for sighted people: each page says it is loading where its content will be
      // (skeletons, aria-busy). A progress bar that screen readers heard would stand outside
      // every landmark, above the page, and come and go with each navigation.
      aria-hidden="true"
    >
      <div className="vk-loading-bar__fill" style={{ transform: `scaleX(${progress / 100})` }} />
    </div>
  );
}
