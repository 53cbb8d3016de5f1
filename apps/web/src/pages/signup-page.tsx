import '../accounts/account-pages.css';
import { Link, useLocation, useSearch } from 'wouter';
import { sameOriginPathSchema } from '@vocal/settings-model';
import { CreateAccountForm } from '@vocal/ui-kit';
import { accountHref } from '../accounts/account-href.ts';
import { signupClosedText, useSignupPolicy } from '../accounts/use-signup-policy.ts';
import { webApi } from '../session/web-api.ts';

/** The password a sign-in that found no account carried here in history state (never in the address). */
function carriedPassword(): string {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'password' in state && typeof state.password === 'string' ? state.password : '';
}

/**
 * Sign-up, for new people: reached from /login, from a listen page's "Join for free" and from
 * "Sent with Vocal". On a server that makes no accounts it says whom to ask instead.
 */
export default function SignupPage() {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const redirect = sameOriginPathSchema.parse(search.get('redirect') ?? '/recordings');
  const email = search.get('email') ?? '';
  const policy = useSignupPolicy();
  const signIn = (
    <p className="vk-sign-in__footer">
      <span>
        Already have an account? <Link href={accountHref('/login', { email, redirect })}>Sign in</Link>
      </span>
    </p>
  );

  if (policy && policy.signup !== 'open') {
    return (
      <div className="account-page">
        <section className="vk-sign-in" aria-labelledby="signup-closed-title">
          <h1 id="signup-closed-title" className="vk-sign-in__title">
            Create your Vocal account
          </h1>
          <p className="account-page__hint">{signupClosedText(policy)}</p>
          {signIn}
        </section>
      </div>
    );
  }

  return (
    <div className="account-page">
      <CreateAccountForm
        initialEmail={email}
        initialPassword={carriedPassword()}
        onSubmit={async (input) => {
          const result = await webApi().signUp(input);
          if (!result.ok) return { ok: false, message: result.error.msg };
          navigate(redirect === '/' ? '/recordings' : redirect, { replace: true });
          return { ok: true };
        }}
        footer={signIn}
      />
    </div>
  );
}
