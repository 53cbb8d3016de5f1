import { useEffect, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { User } from '@vocal/settings-model';

/** The signed-in owner's account (plan and this month's messages), or null until it answers or when it fails. */
export function useOwnerAccount(api: ApiClient): User | null {
  const [account, setAccount] = useState<User | null>(null);
  useEffect(() => {
    let cancelled = false;
    void api.getAccount().then((result) => {
      if (!cancelled && result.ok) setAccount(result.data);
    });
    return () => {
      cancelled = true;
    };
  }, [api]);
  return account;
}
