import './button.css';
import type { ComponentProps, ReactNode } from 'react';
import { BUTTON_DEFAULTS } from '@vocal/settings-model';
import { classNames } from '../internal/class-names.ts';
import type { ButtonSize, ButtonVariant } from './button.tsx';

export type ButtonLinkProps = ComponentProps<'a'> & {
  size?: ButtonSize;
  variant?: ButtonVariant;
  icon?: ReactNode;
  block?: boolean;
};

/** A link that looks like a button: navigation stays a link for browsers and screen readers. */
export function ButtonLink({
  size = BUTTON_DEFAULTS.size,
  variant = BUTTON_DEFAULTS.variant,
  icon,
  block = false,
  className,
  children,
  ...anchor
}: ButtonLinkProps) {
  return (
    <a
      {...anchor}
      className={classNames(
        'vk-button',
        'vk-button--link',
        `vk-button--${variant}`,
        `vk-button--${size}`,
        block && 'vk-button--block',
        className,
      )}
    >
      <span className="vk-button__layer vk-button__content">
        {icon}
        {children}
      </span>
    </a>
  );
}
