import { initialsOf } from '../components/initials.ts';

/** A person of a team: their picture, or their initials in a circle (from the name, else the address). */
export function MemberAvatar({
  name,
  email,
  img,
  size = 40,
  pending = false,
}: {
  name: string | null;
  email: string;
  img: string | null;
  size?: number;
  /** An invited address that has not joined: drawn as an outline. */
  pending?: boolean;
}) {
  const style = { width: size, height: size };
  if (img) return <img src={img} alt="" className="team-avatar" style={style} />;
  return (
    <span className={`team-avatar team-avatar--initials${pending ? ' team-avatar--pending' : ''}`} style={style} aria-hidden="true">
      {initialsOf({ name: name ?? 'You', email })}
    </span>
  );
}
