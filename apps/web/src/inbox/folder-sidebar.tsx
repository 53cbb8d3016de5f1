import { useState, type DragEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, ConfirmDialog } from '@vocal/ui-kit';
import { FolderNameForm } from './folder-name-form.tsx';
import { MESSAGE_DRAG_TYPE } from './inbox-item.tsx';
import { writeInboxQuery, type InboxQuery } from './inbox-query.ts';
import { PopoverMenu } from './popover-menu.tsx';
import type { NamedFolder } from './use-folders.ts';

export type FolderSidebarProps = {
  query: InboxQuery;
  /** Null on Free: folders are a Pro feature (spec), so an upgrade hint stands in for them. */
  folders: NamedFolder[] | null;
  /** The sidebar is a disclosure on phones, open beside the list on desktop. */
  desktop: boolean;
  onCreate(name: string): Promise<string | null>;
  onRename(id: string, name: string): Promise<string | null>;
  onDelete(id: string): Promise<string | null>;
  /** A message dropped on a folder (null: "Not in a folder"). */
  onDropMessage(messageId: string, folderId: string | null): void;
};

/** Folders: pick one to see its messages, drop a message on one to move it, create, rename, delete. */
export function FolderSidebar(props: FolderSidebarProps) {
  const { query, folders } = props;
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<NamedFolder | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const current =
    query.folder === null
      ? 'All messages'
      : query.folder === 'none'
        ? 'Not in a folder'
        : (folders?.find((folder) => folder.id === query.folder)?.name ?? 'A folder');
  const hrefFor = (folder: string | null) => `/recordings${writeInboxQuery({ ...query, folder })}`;

  // On Free there are no folders to pick: only the hint stands there.
  const list = !folders ? null : (
    <ul className="folder-nav__list">
      <FolderLink href={hrefFor(null)} current={query.folder === null}>
        All messages
      </FolderLink>
      {folders ? (
        <FolderLink href={hrefFor('none')} current={query.folder === 'none'} onDrop={(id) => props.onDropMessage(id, null)}>
          Not in a folder
        </FolderLink>
      ) : null}
      {folders?.map((folder) =>
        renaming === folder.id ? (
          <li key={folder.id} className="folder-nav__item">
            <FolderNameForm
              label={`New name for ${folder.name}`}
              initial={folder.name}
              submitLabel="Save"
              onSubmit={async (name) => {
                const refusal = await props.onRename(folder.id, name);
                if (!refusal) setRenaming(null);
                return refusal;
              }}
              onCancel={() => setRenaming(null)}
            />
          </li>
        ) : (
          <FolderLink
            key={folder.id}
            name={folder.name}
            href={hrefFor(folder.id)}
            current={query.folder === folder.id}
            onDrop={(id) => props.onDropMessage(id, folder.id)}
            menu={
              <PopoverMenu
                label={`Folder ${folder.name}: actions`}
                buttonContent={<span aria-hidden="true">⋯</span>}
                className="folder-nav__menu"
                entries={[
                  { label: 'Rename', onSelect: () => setRenaming(folder.id) },
                  { label: 'Delete', danger: true, onSelect: () => setDeleting(folder) },
                ]}
              />
            }
          >
            {folder.name}
          </FolderLink>
        ),
      )}
    </ul>
  );

  const footer = folders ? (
    creating ? (
      <FolderNameForm
        label="Folder name"
        submitLabel="Create"
        onSubmit={async (name) => {
          const refusal = await props.onCreate(name);
          if (!refusal) setCreating(false);
          return refusal;
        }}
        onCancel={() => setCreating(false)}
      />
    ) : (
      <Button variant="secondary" size="sm" block onClick={() => setCreating(true)}>
        New folder
      </Button>
    )
  ) : (
    <p className="folder-nav__upgrade">
      Sort messages into folders with Pro. <Link href="/upgrade">See Pro</Link>
    </p>
  );

  return (
    <nav className="folder-nav" aria-label="Folders">
      {props.desktop ? (
        <>
          <h2 className="folder-nav__title">Folders</h2>
          {list}
          {footer}
        </>
      ) : (
        <details className="folder-nav__sheet">
          <summary className="folder-nav__summary">
            <span className="folder-nav__summary-label">Folder</span>{' '}
            <span className="folder-nav__summary-name" title={current}>
              {current}
            </span>
          </summary>
          <div className="folder-nav__sheet-body">
            {list}
            {footer}
          </div>
        </details>
      )}
      {problem ? (
        <p className="folder-nav__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete the folder “${deleting?.name ?? ''}”?`}
        description="Its messages are kept: they go back to your inbox, outside any folder."
        keepLabel="Keep it"
        confirmLabel="Delete folder"
        busyLabel="Deleting…"
        onConfirm={async () => {
          if (!deleting) return;
          setProblem(await props.onDelete(deleting.id));
          setDeleting(null);
        }}
      />
    </nav>
  );
}

function FolderLink({
  name,
  href,
  current,
  onDrop,
  menu,
  children,
}: {
  /** The whole name, for the tooltip of a name cut short. */
  name?: string;
  href: string;
  current: boolean;
  onDrop?: (messageId: string) => void;
  menu?: ReactNode;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) => onDrop !== undefined && event.dataTransfer.types.includes(MESSAGE_DRAG_TYPE);
  return (
    <li
      className={`folder-nav__item${over ? ' folder-nav__item--drop' : ''}`}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const id = event.dataTransfer.getData(MESSAGE_DRAG_TYPE);
        if (!id || !onDrop) return;
        event.preventDefault();
        onDrop(id);
      }}
    >
      <Link href={href} className="folder-nav__link" title={name} aria-current={current ? 'true' : undefined}>
        {/* The ellipsis needs a box of its own: a flex container's bare text gets none. */}
        <span className="folder-nav__name">{children}</span>
      </Link>
      {menu}
    </li>
  );
}
