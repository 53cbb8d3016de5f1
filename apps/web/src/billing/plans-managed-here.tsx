import { emailSchema } from '@vocal/settings-model';
import { ButtonLink } from '@vocal/ui-kit';

/**
 * /upgrade on a server that takes no payments: Pro comes from the people who run the server,
 * so the page says so and names whom to ask (SIGNUP_CONTACT), with a button that writes to them
 * when it is an address. People here cannot run anything on the server: no command line.
 */
export function PlansManagedHere({ contact, pro }: { contact: string | null; pro: boolean }) {
  const address = contact && emailSchema.safeParse(contact).success ? contact : null;
  return (
    <div className="settings-page__group plans-managed-here">
      <h2 className="settings-page__heading">{pro ? 'Your Pro' : 'Getting Pro'}</h2>
      <p>
        This server takes no payments: plans are managed by the people who run it.{' '}
        {pro ? 'Everything in the Pro column above is yours.' : contact ? `To get Pro, ask ${contact}.` : 'To get Pro, ask them.'}
      </p>
      {!pro && address ? (
        <div>
          <ButtonLink variant="secondary" href={`mailto:${address}?subject=${encodeURIComponent('Pro on Vocal')}`}>
            Write to {address}
          </ButtonLink>
        </div>
      ) : null}
    </div>
  );
}
