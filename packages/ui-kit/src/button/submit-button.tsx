import { Button, type ButtonProps } from './button.tsx';

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'onClick' | 'onSubmit'> & {
  /** Sends the form; may return a promise, during which the button is busy (see Button). */
  onSubmit(): unknown;
};

/**
 * A form's submit button that sends the form itself. Enter in a field "clicks" it, so the
 * browser's own submit is stopped here and the form is sent once, through the busy-aware
 * click handler, whether by Enter, a click or a tap.
 */
export function SubmitButton({ onSubmit, ...button }: SubmitButtonProps) {
  return (
    <Button
      {...button}
      type="submit"
      onClick={(event) => {
        event.preventDefault();
        return onSubmit();
      }}
    />
  );
}
