import './inbox.css';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { listPendingRecordings } from '@vocal/recorder-core';
import { isProPlan, type RecordingPrivacy } from '@vocal/settings-model';
import { Button } from '@vocal/ui-kit';
import { userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';
import { FolderSidebar } from './folder-sidebar.tsx';
import { AnswerDialog } from './answer-dialog.tsx';
import type { Answerable } from './answer-target.ts';
import type { InboxComment, InboxItem } from './inbox-api.ts';
import { InboxEmpty } from './inbox-empty.tsx';
import { InboxFilters } from './inbox-filters.tsx';
import { InboxList } from './inbox-list.tsx';
import { readInboxQuery, writeInboxQuery, type InboxQuery } from './inbox-query.ts';
import { InboxSearch } from './inbox-search.tsx';
import { InboxSkeleton } from './inbox-skeleton.tsx';
import { UndoToast } from './undo-toast.tsx';
import { unreadCountAtom, useRefreshUnreadCount } from './unread-count.ts';
import { useFolders } from './use-folders.ts';
import { useInbox } from './use-inbox.ts';
import { DESKTOP_QUERY, DRAG_QUERY, useMediaQuery } from './use-media-query.ts';
import { usePendingDelete } from './use-pending-delete.ts';
import { MonthlyAllowance } from '../billing/monthly-allowance.tsx';
import type { PrivacyChange } from '../privacy/privacy-dialog.tsx';
import { formatExpiryDay } from '../expiry/format-expiry.ts';

/** What the page says aloud once a message's privacy is saved. */
const PRIVACY_ANNOUNCEMENTS: Record<RecordingPrivacy, string> = {
  public: 'Anyone with the link can listen',
  password: 'The link now asks for the password',
  team: 'Only your team can listen now',
};

/**
 * The signed-in home: every message the person sent or received, newest first, by source,
 * folder and search, with unread state. The query lives in the address (see inbox-query.ts).
 */
export default function InboxPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => readInboxQuery(search), [search]);
  const user = useAtomValue(userAtom);
  const isPro = user ? isProPlan(user.plan) : false;
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const canDrag = useMediaQuery(DRAG_QUERY);
  const inbox = useInbox(query);
  const folderState = useFolders(isPro);
  const folders = isPro ? folderState.folders : null;
  const unread = useAtomValue(unreadCountAtom);
  const setUnread = useSetAtom(unreadCountAtom);
  const refreshUnread = useRefreshUnreadCount();
  const [announcement, setAnnouncement] = useState('');
  /** What the answer dialog is open for; the list shows the answer once the dialog closes. */
  const [answering, setAnswering] = useState<Answerable | null>(null);
  const answeredRef = useRef(false);
  const [unsent, setUnsent] = useState(0);

  useEffect(() => {
    listPendingRecordings().then(
      (pending) => setUnsent(pending.filter((recording) => !recording.inUse).length),
      () => setUnsent(0),
    );
  }, []);

  const go = useCallback((next: InboxQuery) => navigate(`/recordings${writeInboxQuery(next)}`, { replace: true }), [navigate]);

  const pendingDelete = usePendingDelete({
    onDeleted: (id) => {
      inbox.update([id], () => null);
      void refreshUnread();
    },
    onFailed: (item, message) => setAnnouncement(`“${item.subject ?? 'The message'}” could not be deleted: ${message}`),
  });

  const setCommentRead = useCallback(
    async (comments: InboxComment[], read: boolean) => {
      const ids = comments.map((comment) => comment.id);
      inbox.updateComments(ids, (comment) => ({ ...comment, read }));
      const result = await webApi().markRead([], read, ids);
      if (result.ok) setUnread(result.data.unread);
      else inbox.updateComments(ids, (comment) => ({ ...comment, read: !read }));
    },
    [inbox, setUnread],
  );

  const setRead = useCallback(
    async (items: InboxItem[], read: boolean) => {
      const ids = items.map((item) => item.id);
      inbox.update(ids, (item) => ({ ...item, read }));
      const result = await webApi().markRead(ids, read);
      if (result.ok) setUnread(result.data.unread);
      else inbox.update(ids, (item) => ({ ...item, read: !read }));
    },
    [inbox, setUnread],
  );

  const move = async (item: InboxItem, folderId: string | null) => {
    const result = await webApi().moveRecording(item.id, folderId);
    if (!result.ok) {
      setAnnouncement(`Not moved: ${result.error.msg}`);
      return;
    }
    const leavesView = query.folder !== null && query.folder !== (folderId ?? 'none');
    inbox.update([item.id], (current) => (leavesView ? null : { ...current, folderId }));
    const name = folderId ? (folders?.find((folder) => folder.id === folderId)?.name ?? 'the folder') : null;
    setAnnouncement(name ? `Moved to ${name}` : 'Moved out of its folder');
  };

  const itemActions = {
    onOpened: (item: InboxItem) => void setRead([item], true),
    onSetRead: (item: InboxItem, read: boolean) => void setRead([item], read),
    onRename: async (item: InboxItem, subject: string | null) => {
      const result = await webApi().editRecording(item.id, { subject });
      if (!result.ok) return result.error.msg;
      inbox.update([item.id], (current) => ({ ...current, subject: result.data.subject }));
      setAnnouncement('Renamed');
      return null;
    },
    onSetExpiry: async (item: InboxItem, expiryDate: string | null) => {
      const result = await webApi().editRecording(item.id, { expiryDate });
      if (!result.ok) return result.error.msg.replace(/^expiryDate: /, '');
      inbox.update([item.id], (current) => ({ ...current, expiryDate: result.data.expiryDate }));
      setAnnouncement(result.data.expiryDate ? `Expires ${formatExpiryDay(result.data.expiryDate)}` : 'Never expires');
      return null;
    },
    onSetPrivacy: async (item: InboxItem, change: PrivacyChange) => {
      const result = await webApi().editRecording(item.id, change);
      if (!result.ok) return result.error.msg.replace(/^password: /, '');
      // Its files too: made private, they moved to new names, signed for the owner (decision 0077).
      const { privacy, audioUrl, imageUrl } = result.data;
      inbox.update([item.id], (current) => ({ ...current, privacy, audioUrl, imageUrl }));
      setAnnouncement(PRIVACY_ANNOUNCEMENTS[result.data.privacy]);
      return null;
    },
    // A private message's addresses are signed for an hour: a tab open longer asks for fresh ones.
    onFreshAudioUrl: async (item: InboxItem) => {
      if (item.privacy === 'public') return item.audioUrl;
      const result = await webApi().editRecording(item.id, {});
      if (!result.ok) return item.audioUrl;
      const { audioUrl, imageUrl } = result.data;
      inbox.update([item.id], (current) => ({ ...current, audioUrl, imageUrl }));
      return audioUrl;
    },
    onMove: (item: InboxItem, folderId: string | null) => void move(item, folderId),
    onDelete: (item: InboxItem) => pendingDelete.remove(item),
    onAnnounce: setAnnouncement,
    onAnswer: (entry: Answerable) => {
      answeredRef.current = false;
      setAnswering(entry);
    },
    onCommentOpened: (comment: InboxComment) => void setCommentRead([comment], true),
    onSetCommentRead: (comment: InboxComment, read: boolean) => void setCommentRead([comment], read),
  };

  const state = inbox.state;
  const hiddenId = pendingDelete.pending?.id ?? null;
  const items = state.status === 'loaded' ? state.items.filter((item) => item.id !== hiddenId) : [];
  const filtered = query.view !== 'all' || query.source !== null || query.folder !== null;
  // A new account has nothing to filter, search or sort: the page is only the invitation to record.
  const nothingYet = state.status === 'loaded' && state.items.length === 0 && !state.nextCursor && !filtered && !query.q.trim();

  return (
    <section className="inbox-page" aria-labelledby="inbox-title">
      <header className="page-header inbox-page__header">
        <div>
          <h1 id="inbox-title" className="page-header__title">
            Recordings
          </h1>
          <p className="page-header__meta inbox-page__meta">{unread ? `${unread} unread` : ' '}</p>
          <MonthlyAllowance />
        </div>
        {nothingYet ? null : <InboxSearch value={query.q} onSearch={(text) => go({ ...query, q: text })} />}
      </header>

      {unsent > 0 ? (
        <p className="notice" role="status">
          {unsent === 1 ? 'A message you recorded was not sent yet.' : `${unsent} messages you recorded were not sent yet.`}{' '}
          <Link href="/record">Open the recorder to send {unsent === 1 ? 'it' : 'them'}</Link>
        </p>
      ) : null}

      {nothingYet ? null : <InboxFilters query={query} />}

      <div className={`inbox-page__body${nothingYet ? ' inbox-page__body--alone' : ''}`}>
        {nothingYet ? null : (
          <FolderSidebar
            query={query}
            folders={folders}
            desktop={desktop}
            onCreate={folderState.create}
            onRename={folderState.rename}
            onDelete={async (id) => {
              const refusal = await folderState.remove(id);
              if (!refusal && query.folder === id) go({ ...query, folder: null });
              else if (!refusal) void inbox.reload();
              return refusal;
            }}
            onDropMessage={(id, folderId) => {
              const item = state.status === 'loaded' ? state.items.find((candidate) => candidate.id === id) : undefined;
              // Only a message is dragged (a comment stays under its message).
              if (item?.kind === 'message' && item.folderId !== folderId) void move(item, folderId);
            }}
          />
        )}
        <div className={`inbox-page__messages${inbox.refreshing ? ' inbox-page__messages--refreshing' : ''}`} aria-busy={inbox.refreshing}>
          <h2 className="vk-visually-hidden">Messages</h2>
          {state.status === 'loading' ? (
            <InboxSkeleton />
          ) : state.status === 'failed' ? (
            <div className="page-state" role="alert">
              <p>Your messages could not be loaded: {state.message}</p>
              <Button variant="secondary" onClick={inbox.reload}>
                Try again
              </Button>
            </div>
          ) : items.length === 0 && !state.nextCursor ? (
            <InboxEmpty query={query} filtered={filtered} onClearSearch={() => go({ ...query, q: '' })} />
          ) : (
            <InboxList
              items={items}
              folders={folders}
              draggable={canDrag}
              hasMore={state.nextCursor !== null}
              loadingMore={state.loadingMore}
              moreFailed={state.moreFailed}
              onLoadMore={() => void inbox.loadMore()}
              {...itemActions}
            />
          )}
        </div>
      </div>

      <p className="vk-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {answering ? (
        <AnswerDialog
          entry={answering}
          onAnswered={() => {
            answeredRef.current = true;
            setAnnouncement('Answer sent');
            // Answering marked it read on the server.
            void refreshUnread();
          }}
          onClose={() => {
            setAnswering(null);
            if (answeredRef.current) void inbox.reload();
          }}
        />
      ) : null}
      <UndoToast
        item={pendingDelete.pending}
        onUndo={() => {
          const restored = pendingDelete.undo();
          if (restored) setAnnouncement(`Restored “${restored.subject ?? 'the message'}”`);
        }}
      />
    </section>
  );
}
