import { useEffect, useState } from 'react';
import type { SignupPolicyResponse } from '@vocal/settings-model';
import { webApi } from '../session/web-api.ts';

/** Whether this server lets people create accounts (null while asking); open if the server cannot say. */
export function useSignupPolicy(): SignupPolicyResponse | null {
  const [policy, setPolicy] = useState<SignupPolicyResponse | null>(null);
  useEffect(() => {
    let current = true;
    void webApi()
      .getSignupPolicy()
      .then((result) => {
        if (current) setPolicy(result.ok ? result.data : { signup: 'open', contact: null });
      });
    return () => {
      current = false;
    };
  }, []);
  return policy;
}

/** What the login page says when new accounts cannot be made here. */
export function signupClosedText(policy: SignupPolicyResponse): string {
  const ask = policy.contact ? `ask ${policy.contact}` : 'ask the administrator of this server';
  return policy.signup === 'invite'
    ? `New accounts on this server are by invitation only: ${ask} for one.`
    : `Sign-up is closed on this server: ${ask} for an account.`;
}
