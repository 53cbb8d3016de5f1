import './custom-domain/custom-domain.css';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { isProPlan, type CustomDomainState } from '@vocal/settings-model';
import { ButtonLink } from '@vocal/ui-kit';
import { userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';
import { CustomDomainForm, typedDomain } from './custom-domain/custom-domain-form.tsx';
import { DnsRecord } from './custom-domain/dns-record.tsx';
import { DomainCheckPanel } from './custom-domain/domain-check-panel.tsx';
import { DomainStanding } from './custom-domain/domain-standing.tsx';
import { SettingsFrame, SettingsGroup } from './settings-frame.tsx';

/** The account's custom domain as the server has it: where it stands and the records to create. */
function useCustomDomain(savedDomain: string | null) {
  const [state, setState] = useState<CustomDomainState | null>(null);
  const reload = useCallback(async () => {
    const result = await webApi().getCustomDomain();
    if (result.ok) setState(result.data);
  }, []);
  useEffect(() => {
    void reload();
    // Saving another domain changes the records and the standing.
  }, [reload, savedDomain]);
  return [state, setState] as const;
}

/**
 * Settings > Custom domain (Pro): the domain listen links use, the two DNS records to create for
 * it (a CNAME here, and a TXT record only this account is given, which proves the domain is
 * theirs), where it stands, and a check that makes it theirs once DNS proves it. On Free it
 * explains the feature and links to the plan page. A server whose address is an IP says custom
 * domains need it to have a name.
 */
export default function CustomDomainPage() {
  const user = useAtomValue(userAtom);
  const [state, setState] = useCustomDomain(user?.domain ?? null);
  const [typed, setTyped] = useState(user?.domain ?? '');
  if (!user) return null;
  const pro = isProPlan(user.plan);
  const ourAddress = window.location.host;
  const target = state ? state.target : window.location.hostname;
  const savedShown = state?.domain && typedDomain(typed) === state.domain;

  return (
    <SettingsFrame
      title="Custom domain"
      description={`Share listen links on your own address, such as voice.yourcompany.com, instead of ${ourAddress}.`}
    >
      {state && state.target === null ? (
        <SettingsGroup title="This server needs a name first">
          <p className="custom-domain__note" role="note">
            This server is reached at an IP address ({ourAddress}). A custom domain is a CNAME record, which must name a host, so custom
            domains need the server to have a name. Ask the people who run it to give it one.
          </p>
        </SettingsGroup>
      ) : null}
      {pro ? (
        <>
          <SettingsGroup title="Your domain">
            <CustomDomainForm saved={user.domain} value={typed} onChange={setTyped} />
            {state && savedShown ? <DomainStanding state={state} ourAddress={ourAddress} /> : null}
          </SettingsGroup>
          {target ? (
            <SettingsGroup
              title="The DNS records to create"
              hint="At the company that runs your domain's DNS, add both records: the CNAME sends listeners here, the TXT record proves the domain is yours. A new record can take up to an hour to be seen."
            >
              <div className="custom-domain__records">
                <DnsRecord
                  type="CNAME"
                  label="The CNAME record to create"
                  name={typedDomain(typed) || 'voice.yourcompany.com'}
                  value={target}
                />
                {savedShown && state ? (
                  state.records
                    .filter((record) => record.type === 'TXT')
                    .map((record) => (
                      <DnsRecord key={record.name} type="TXT" label="The TXT record to create" name={record.name} value={record.value} />
                    ))
                ) : (
                  <p className="custom-domain__note">Save your domain to see the TXT record that proves it is yours.</p>
                )}
              </div>
            </SettingsGroup>
          ) : null}
          <SettingsGroup title="Check it" hint="Once both records are in place, check that your domain points here and is proven yours.">
            <DomainCheckPanel
              domain={user.domain}
              onChecked={setState}
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
              company&rsquo;s address, not ours. You point a subdomain at this server with a CNAME record, prove it is yours with a TXT
              record, and we check it every day.
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
