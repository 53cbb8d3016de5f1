import { useLocation, useSearch } from 'wouter';
import { sameOriginPathSchema } from '@vocal/settings-model';
import { SignInForm } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

/** Sign in, or sign up with a new email; afterwards the person lands where they were going. */
export default function LoginPage() {
  const [, navigate] = useLocation();
  const redirect = sameOriginPathSchema.parse(new URLSearchParams(useSearch()).get('redirect') ?? '/recordings');
  return (
    <SignInForm
      onSubmit={async (credentials) => {
        const result = await webApi().signIn(credentials);
        if (!result.ok) return { ok: false, message: result.error.msg };
        navigate(redirect === '/' ? '/recordings' : redirect, { replace: true });
        return { ok: true };
      }}
    />
  );
}
