import type { ReactNode } from 'react';

/**
 * The live preview beside a settings form: the real public page's components in a frame
 * that looks like a browser window. `inert`: a picture of the page, so nothing in it can be
 * clicked, focused or sent (a reply recorded here would go nowhere).
 */
export function PreviewFrame({ address, actions, children }: { address: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <figure className="preview-frame">
      <div className="preview-frame__head">
        <figcaption className="preview-frame__caption">Live preview: what a visitor sees</figcaption>
        {actions}
      </div>
      <div className="preview-frame__window">
        <div className="preview-frame__bar" aria-hidden="true">
          <span className="preview-frame__dots" />
          <span className="preview-frame__address">{address}</span>
        </div>
        <div className="preview-frame__page" inert>
          {children}
        </div>
      </div>
    </figure>
  );
}
