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
      role="progressbar"
      aria-label="Page loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      aria-hidden={!visible}
    >
      <div className="vk-loading-bar__fill" style={{ transform: `scaleX(${progress / 100})` }} />
    </div>
  );
}
