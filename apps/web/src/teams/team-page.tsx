import './teams.css';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { canInvite, type Team, type TeamMember } from '@vocal/settings-model';
import { Button, ButtonLink, ConfirmDialog, EmailField, Spinner, SubmitButton } from '@vocal/ui-kit';
import { userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';
import { SettingsFrame, SettingsGroup } from '../settings/settings-frame.tsx';
import { MemberAvatar } from './member-avatar.tsx';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; team: Team };

/** A pending invite holds a place until its link expires. */
const holdsPlace = (member: TeamMember, now: number) =>
  !member.isOwner && (member.status === 'member' || (member.expiresAt !== null && Date.parse(member.expiresAt) > now));

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long' });

type Pending = { kind: 'remove' | 'revoke' | 'leave'; member: TeamMember };

function MemberRow({ member, you, actions }: { member: TeamMember; you: boolean; actions?: React.ReactNode }) {
  const expired = member.status === 'invited' && member.expiresAt !== null && Date.parse(member.expiresAt) <= Date.now();
  const role = member.isOwner ? 'Owner' : member.status === 'member' ? 'Member' : expired ? 'Invite expired' : 'Invited';
  return (
    <li className="team-list__row">
      <MemberAvatar name={member.name} email={member.email} img={member.img} pending={member.status === 'invited'} />
      <div className="team-list__who">
        <span className="team-list__name">
          {member.name ?? member.email}
          {you ? <span className="team-list__you"> (you)</span> : null}
        </span>
        {member.name ? <span className="team-list__email">{member.email}</span> : null}
        <span className={`team-list__role team-list__role--${expired ? 'expired' : member.isOwner ? 'owner' : member.status}`}>
          {role}
          {member.status === 'invited' && member.expiresAt && !expired ? ` · link works until ${dateOf(member.expiresAt)}` : null}
        </span>
      </div>
      {actions ? <div className="team-list__actions">{actions}</div> : null}
    </li>
  );
}

/**
 * Settings → Team (decision 0033). An owner with Pro invites people, sees members and pending
 * invites, and removes or revokes them; a member sees whose team they are in and can leave; a
 * Free account learns what a team is and where Pro comes from.
 */
export default function TeamPage() {
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(userAtom);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [email, setEmail] = useState('');
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [pendingError, setPendingError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const result = await webApi().getTeam();
    setLoad(result.ok ? { kind: 'ready', team: result.data } : { kind: 'failed', message: result.error.msg });
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** After a change to who is in which team, the account's plan may have changed with it. */
  const resync = async () => {
    await reload();
    const account = await webApi().getAccount();
    if (account.ok) setUser(account.data);
  };

  const sendInvite = async (address: string, fromForm: boolean) => {
    setInviteError(null);
    setNotice(null);
    const result = await webApi().invite({ email: address });
    if (!result.ok) {
      const message = result.error.msg.replace(/^email: /, '');
      if (fromForm) setInviteError(message.charAt(0).toUpperCase() + message.slice(1));
      else setNotice(result.error.msg);
      // A refusal can still have changed the team: a 502 means the invite was saved and only its
      // mail failed, so it must show as pending, with Resend.
      await reload();
      return;
    }
    if (fromForm) setEmail('');
    setNotice(`${result.data.msg} (${address.trim().toLowerCase()}).`);
    await reload();
  };

  const confirmPending = async () => {
    if (!pending) return;
    setPendingError(null);
    const result = await webApi().removeInvite({ email: pending.member.email });
    if (!result.ok) return setPendingError(result.error.msg);
    // The server has removed them: the row goes with the notice that says so, not a fetch later.
    // (Leaving changes the whole page, so that waits for the fetch.)
    const gone = pending.kind === 'leave' ? null : pending.member.email;
    setLoad((now) =>
      now.kind === 'ready' && gone
        ? { kind: 'ready', team: { ...now.team, members: now.team.members.filter((member) => member.email !== gone) } }
        : now,
    );
    setPending(null);
    setNotice(result.data.msg);
    await resync();
  };

  if (!user) return null;
  const description = 'Invite people to your team: while they are in it they have your Pro, and their messages stay their own.';
  if (load.kind !== 'ready') {
    return (
      <SettingsFrame title="Team" description={description}>
        {load.kind === 'loading' ? (
          <Spinner label="Loading your team" />
        ) : (
          <p className="notice" role="alert">
            {load.message}
          </p>
        )}
      </SettingsFrame>
    );
  }

  const { team } = load;
  const owner = team.members.find((member) => member.isOwner);
  const others = team.members.filter((member) => !member.isOwner);
  const now = Date.now();
  const used = others.filter((member) => holdsPlace(member, now)).length;
  const full = used >= team.maxMembers;
  const ownerName = owner?.name ?? owner?.email ?? 'the owner';

  const dialog = pending ? (
    <ConfirmDialog
      open
      onClose={() => {
        setPending(null);
        setPendingError(null);
      }}
      title={
        pending.kind === 'leave'
          ? `Leave ${ownerName}'s team?`
          : pending.kind === 'remove'
            ? `Remove ${pending.member.name ?? pending.member.email} from your team?`
            : `Revoke the invite to ${pending.member.email}?`
      }
      description={
        pending.kind === 'leave'
          ? 'You go back to your own plan at once. Your messages stay yours. To come back you need a new invite.'
          : pending.kind === 'remove'
            ? 'They go back to their own plan at once and keep all their messages. You can invite them again later.'
            : 'The link in their email stops working. You can invite the address again later.'
      }
      keepLabel={pending.kind === 'leave' ? 'Stay in the team' : 'Keep'}
      confirmLabel={pending.kind === 'leave' ? 'Leave the team' : pending.kind === 'remove' ? 'Remove' : 'Revoke invite'}
      busyLabel="Working…"
      onConfirm={() => confirmPending()}
    >
      {pendingError ? (
        <p className="vk-sign-in__error" role="alert">
          {pendingError}
        </p>
      ) : null}
    </ConfirmDialog>
  ) : null;

  const noticeLine = notice ? (
    <p className="notice" role="status">
      {notice}
    </p>
  ) : null;

  // A member: whose team this is, who else is in it, and the way out.
  if (!team.isOwner) {
    return (
      <SettingsFrame title="Team" description={`You are in ${ownerName}'s team.`}>
        {noticeLine}
        <SettingsGroup
          title={`${ownerName}'s team`}
          hint={
            team.isBusiness
              ? 'You have Pro through this team. Your messages are yours: the owner does not see them.'
              : `${ownerName}'s account no longer has Pro, so the team gives you nothing at the moment. You keep your own plan.`
          }
        >
          <ul className="team-list">
            {team.members.map((member) => (
              <MemberRow key={member.email} member={member} you={member.email === user.email} />
            ))}
          </ul>
          <div>
            <Button
              variant="secondary"
              onClick={() => setPending({ kind: 'leave', member: team.members.find((m) => m.email === user.email)! })}
            >
              Leave the team
            </Button>
          </div>
        </SettingsGroup>
        {dialog}
      </SettingsFrame>
    );
  }

  // Free, with no one in a team: what a team is and where Pro comes from.
  if (!team.isBusiness && others.length === 0) {
    return (
      <SettingsFrame title="Team" description={description}>
        <SettingsGroup title="A Pro feature">
          <div className="team-free">
            <p>
              With Pro you can invite colleagues by email. Each of them gets Pro while they are in your team: no limit on the length or
              number of messages, transcripts, folders and your branding. Their messages stay their own, and they can leave at any time.
            </p>
            <p>Someone who invited you? Open the link in their email to join their team.</p>
            <ButtonLink href="/upgrade" variant="primary">
              See what Pro adds
            </ButtonLink>
          </div>
        </SettingsGroup>
      </SettingsFrame>
    );
  }

  return (
    <SettingsFrame title="Team" description={description}>
      {noticeLine}
      {canInvite(team) ? (
        <SettingsGroup
          title="Invite someone"
          hint="They get an email with a link that works for 14 days. They join with an account for that address, new or existing."
        >
          <form
            className="team-invite"
            noValidate
            onSubmit={(event: FormEvent) => event.preventDefault()}
            aria-label="Invite someone to your team"
          >
            <EmailField
              label="Email address"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={inviteError}
              hint={full ? `Your team is full: remove someone or revoke an invite to invite another person.` : undefined}
              disabled={full}
            />
            <SubmitButton
              disabled={full}
              loadingLabel="Sending…"
              onSubmit={() => {
                if (!email.trim()) return setInviteError('Enter the address to invite');
                return sendInvite(email, true);
              }}
            >
              Send invite
            </SubmitButton>
          </form>
        </SettingsGroup>
      ) : (
        <p className="notice" role="status">
          Your account no longer has Pro, so the people in your team do not have it either. Get Pro again and they have it back at once.{' '}
          <a href="/upgrade">See your plan</a>
        </p>
      )}
      <SettingsGroup
        title="People"
        hint={team.maxMembers > 0 ? `${used} of ${team.maxMembers} places used (members and pending invites).` : undefined}
      >
        <ul className="team-list">
          {team.members.map((member) => (
            <MemberRow
              key={member.email}
              member={member}
              you={member.isOwner}
              actions={
                member.isOwner ? null : member.status === 'member' ? (
                  <Button variant="secondary" onClick={() => setPending({ kind: 'remove', member })}>
                    Remove<span className="vk-visually-hidden"> {member.name ?? member.email}</span>
                  </Button>
                ) : (
                  <>
                    {canInvite(team) ? (
                      <Button variant="secondary" loadingLabel="Sending…" onClick={() => sendInvite(member.email, false)}>
                        Resend<span className="vk-visually-hidden"> the invite to {member.email}</span>
                      </Button>
                    ) : null}
                    <Button variant="secondary" onClick={() => setPending({ kind: 'revoke', member })}>
                      Revoke<span className="vk-visually-hidden"> the invite to {member.email}</span>
                    </Button>
                  </>
                )
              }
            />
          ))}
        </ul>
        {others.length === 0 ? <p className="settings-page__hint">No one else yet: invite someone above.</p> : null}
      </SettingsGroup>
      {dialog}
    </SettingsFrame>
  );
}
