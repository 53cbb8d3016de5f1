import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import type { Personalisation, User } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { userAtom } from '../session/session-state.ts';
import { usePersonalisationForm } from './use-personalisation-form.ts';

export type PersonalisationFormProps = {
  settings: Personalisation;
  user: User;
  form: ReturnType<typeof usePersonalisationForm>;
};

/** Renders a settings form once the account and its settings are in; a spinner until then. */
export function WithPersonalisation({ children }: { children: (props: PersonalisationFormProps) => ReactNode }) {
  const form = usePersonalisationForm();
  const user = useAtomValue(userAtom);
  return form.settings && user ? children({ settings: form.settings, user, form }) : <Spinner label="Loading your settings" />;
}
