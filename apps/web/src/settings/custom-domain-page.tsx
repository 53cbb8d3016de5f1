import './custom-domain/custom-domain.css';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { isProPlan } from '@vocal/settings-model';
import { ButtonLink } from '@vocal/ui-kit';
import { userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';
import { CustomDomainForm, typedDomain } from './custom-domain/custom-domain-form.tsx';
import { DnsRecord } from './custom-domain/dns-record.tsx';
import { DomainCheckPanel } from './custom-domain/domain-check-panel.tsx';
import { SettingsFrame, SettingsGroup } from './settings-frame.tsx';

/** The host a CNAME must name, from the server (CUSTOM_DOMAIN_TARGET or its own host). */
function useDomainTarget(): string | null {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void webApi()
      .getDomainTarget()
      .then((result) => {
        if (!cancelled) setTarget(result.ok ? result.data.target : window.location.hostname);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return target;
}

/**
 * Settings > Custom domain (Pro): the domain listen links use, the CNAME record to create for
 * it, and a check that resolves it and says whether it points here. On Free it explains the
 * feature and links to the plan page, with no field that would only fail on save.
 */
export default function CustomDomainPage() {
  const user = useAtomValue(userAtom);
  const target = useDomainTarget();
  const [typed, setTyped] = useState(user?.domain ?? '');
  if (!user) return null;
  const pro = isProPlan(user.plan);
  const ourHost = target ?? window.location.hostname;

  return (
    <SettingsFrame
      title="Custom domain"
      description={`Share listen links on your own address, such as voice.yourcompany.com, instead of ${ourHost}.`}
    >
      {pro ? (
        <>
          <SettingsGroup title="Your domain">
            <CustomDomainForm saved={user.domain} value={typed} onChange={setTyped} />
          </SettingsGroup>
          <SettingsGroup
            title="The DNS record to create"
            hint="At the company that runs your domain's DNS, add this record. A new record can take up to an hour to be seen."
          >
            <DnsRecord name={typedDomain(typed) || 'voice.yourcompany.com'} target={ourHost} />
          </SettingsGroup>
          <SettingsGroup title="Check it" hint="Once the record is in place, check that your domain points here.">
            <DomainCheckPanel
              domain={user.domain}
              disabledReason={
                !user.domain
                  ? 'Save your domain first.'
                  : typedDomain(typed) !== user.domain
                    ? 'Save your changes first: the saved domain is the one checked.'
                    : null
              }
            />
          </SettingsGroup>
        </>
      ) : (
        <SettingsGroup title="A Pro feature">
          <div className="custom-domain__pro">
            <p>
              With Pro, the links you share read <code>https://voice.yourcompany.com/listen/…</code>: your listeners see your
              company&rsquo;s address, not ours. You point a subdomain at this server with one CNAME record, and we check it for you.
            </p>
            <ButtonLink href="/upgrade" variant="primary">
              See what Pro adds
            </ButtonLink>
          </div>
        </SettingsGroup>
      )}
    </SettingsFrame>
  );
}
