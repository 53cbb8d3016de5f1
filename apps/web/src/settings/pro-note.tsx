import { Link } from 'wouter';

/**
 * Said beside controls the Free plan cannot use (spec section 9: Free has "no customization");
 * the server refuses such a change, so the controls are off and say why, never a failing save.
 */
export function ProNote({ children }: { children: string }) {
  return (
    <p className="pro-note">
      <span className="pro-note__badge">Pro</span>
      <span>
        {children} <Link href="/upgrade">See what Pro adds</Link>
      </span>
    </p>
  );
}
