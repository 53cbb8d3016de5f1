import { useId, useRef, useState, type DragEvent } from 'react';
import { useLocation } from 'wouter';
import { listenUrl, type PrivateRecordingPrivacy } from '@vocal/settings-model';
import { AudioPlayer, copyToClipboard, formatDuration } from '@vocal/ui-kit';
import { ExpiryDialog } from '../expiry/expiry-dialog.tsx';
import { PrivacyDialog, type PrivacyChange } from '../privacy/privacy-dialog.tsx';
import { formatExpiryDay } from '../expiry/format-expiry.ts';
import type { Answerable } from './answer-target.ts';
import type { InboxItem as Item } from './inbox-api.ts';
import { ItemTitleEditor } from './item-title-editor.tsx';
import { MoreIcon } from './more-icon.tsx';
import { formatMessageDate, messageTitle } from '@vocal/ui-kit';
import { PopoverMenu, type MenuEntry } from './popover-menu.tsx';
import { SourceLine } from './source-line.tsx';
import { TranscriptRetry } from './transcript-retry.tsx';
import type { NamedFolder } from './use-folders.ts';

/** What a private sent message's card says of who may listen. */
const PRIVACY_LABELS: Record<PrivateRecordingPrivacy, string> = { password: 'Password protected', team: 'Team only' };

export type InboxItemActions = {
  onOpened(item: Item): void;
  onSetRead(item: Item, read: boolean): void;
  onRename(item: Item, subject: string | null): Promise<string | null>;
  /** Saves when a sent message expires (null: never); answers an error to show, or null. */
  onSetExpiry(item: Item, expiryDate: string | null): Promise<string | null>;
  /** Sets or removes a sent message's password (decision 0074); answers an error to show, or null. */
  onSetPrivacy(item: Item, change: PrivacyChange): Promise<string | null>;
  onMove(item: Item, folderId: string | null): void;
  onDelete(item: Item): void;
  onAnnounce(message: string): void;
  /** The message's audio address to fetch now: a private one's is signed again (decision 0077). */
  onFreshAudioUrl(item: Item): Promise<string | null>;
  /** Opens the answer dialog for what someone else sent (decision 0065). */
  onAnswer(entry: Answerable): void;
};

export type InboxItemProps = InboxItemActions & {
  item: Item;
  nested: boolean;
  /** The person's folders; null on Free, where moving is a Pro feature. */
  folders: NamedFolder[] | null;
  /** Desktop only: on touch screens a long press scrolls, it should not pick the card up. */
  draggable: boolean;
};

/** Drag data type for a message being moved onto a folder. */
export const MESSAGE_DRAG_TYPE = 'application/x-vocal-message';

/** One message: its title, where it came from, when, a snippet, the player and its actions. */
export function InboxItemCard(props: InboxItemProps) {
  const { item, nested, folders } = props;
  const [renaming, setRenaming] = useState(false);
  const [settingExpiry, setSettingExpiry] = useState(false);
  const [settingPrivacy, setSettingPrivacy] = useState(false);
  const [, navigate] = useLocation();
  const titleId = useId();
  const openedOnce = useRef(false);
  const card = useRef<HTMLElement>(null);
  const title = messageTitle(item);
  const titled = Boolean(item.subject?.trim());
  const unread = !item.read;
  const isWritten = item.audioUrl === null;
  const link = isWritten ? null : listenUrl(item, window.location.origin);
  // A voice message the owner sent: the one kind with a link they handed out (listens, expiry).
  const sentVoice = item.source === 'sent' && !isWritten;

  // Playing it here is opening it: mark it read once.
  const opened = () => {
    if (openedOnce.current) return;
    openedOnce.current = true;
    if (unread) props.onOpened(item);
  };

  const copyLink = async () => {
    if (!link) return;
    props.onAnnounce((await copyToClipboard(link)) ? 'Link copied' : `Copying failed. The link is ${link}`);
  };

  const download = async () => {
    const audioUrl = await props.onFreshAudioUrl(item);
    if (!audioUrl) return;
    const anchor = document.createElement('a');
    anchor.href = audioUrl;
    anchor.download = `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || item.id}.mp3`;
    anchor.click();
  };

  const entries: MenuEntry[] = [
    ...(link ? [{ label: 'Copy link', onSelect: () => void copyLink() }] : []),
    { label: 'Rename', onSelect: () => setRenaming(true) },
    ...(item.audioUrl ? [{ label: 'Download', onSelect: () => void download() }] : []),
    // Only the messages the owner sent have a link they handed out to end.
    ...(sentVoice ? [{ label: 'Expiry…', onSelect: () => setSettingExpiry(true) }] : []),
    ...(sentVoice ? [{ label: 'Privacy…', onSelect: () => setSettingPrivacy(true) }] : []),
    // Listens are counted on the messages the owner sends (Pro: the page explains it on Free).
    ...(sentVoice ? [{ label: 'Analytics', onSelect: () => navigate(`/analytics/${item.id}`) }] : []),
    ...(item.source === 'sent'
      ? []
      : [{ label: unread ? 'Mark as read' : 'Mark as unread', onSelect: () => props.onSetRead(item, unread) }]),
    ...(folders && folders.length > 0
      ? [
          { heading: 'Move to folder' },
          ...folders
            .filter((folder) => folder.id !== item.folderId)
            .map((folder) => ({ label: folder.name, onSelect: () => props.onMove(item, folder.id) })),
          ...(item.folderId ? [{ label: 'Out of its folder', onSelect: () => props.onMove(item, null) }] : []),
        ]
      : []),
    { label: 'Delete', danger: true, onSelect: () => props.onDelete(item) },
  ];

  const onDragStart = (event: DragEvent<HTMLElement>) => {
    event.dataTransfer.setData(MESSAGE_DRAG_TYPE, item.id);
    event.dataTransfer.setData('text/plain', title);
    event.dataTransfer.effectAllowed = 'move';
  };

  return (
    <article
      ref={card}
      className={`inbox-item${unread ? ' inbox-item--unread' : ''}${nested ? ' inbox-item--nested' : ''}`}
      aria-labelledby={titleId}
      draggable={props.draggable && !renaming && folders !== null}
      onDragStart={onDragStart}
      data-message-id={item.id}
    >
      <div className="inbox-item__head">
        <h3 className="inbox-item__title" id={titleId}>
          {renaming ? (
            <ItemTitleEditor
              subject={item.subject ?? ''}
              placeholder={messageTitle({ ...item, subject: null })}
              onSave={(subject) => props.onRename(item, subject)}
              onDone={() => {
                setRenaming(false);
                // The field is gone: give focus back to the menu it was opened from, not to the page.
                requestAnimationFrame(() => card.current?.querySelector<HTMLElement>('.inbox-item__more .popover-menu__button')?.focus());
              }}
            />
          ) : isWritten ? (
            <span>{title}</span>
          ) : (
            <a href={`/listen/${item.id}`} onClick={opened}>
              {title}
            </a>
          )}
          {unread ? <span className="vk-visually-hidden">, unread</span> : null}
        </h3>
        <p className="inbox-item__when">
          {/* An untitled message's title already says when; the date is not said twice. */}
          {titled ? <time dateTime={item.uploadDate}>{formatMessageDate(item.uploadDate)}</time> : null}
          {titled && !isWritten ? ' · ' : null}
          {isWritten ? null : <span>{formatDuration(item.duration)}</span>}
          {sentVoice && item.expiryDate ? <span className="inbox-item__expiry"> · Expires {formatExpiryDay(item.expiryDate)}</span> : null}
          {sentVoice && item.privacy !== 'public' ? <span className="inbox-item__expiry"> · {PRIVACY_LABELS[item.privacy]}</span> : null}
        </p>
      </div>
      <SourceLine item={item} nested={nested} />
      {isWritten ? (
        <p className="inbox-item__message">{item.message}</p>
      ) : item.snippet ? (
        <p className="inbox-item__snippet">{item.snippet}</p>
      ) : item.transcriptionStatus === 'loading' ? (
        <p className="inbox-item__snippet inbox-item__snippet--pending">Transcribing…</p>
      ) : item.transcriptionStatus === 'error' ? (
        <TranscriptRetry recordingId={item.id} />
      ) : item.transcriptionStatus === 'complete' ? (
        <p className="inbox-item__snippet">Transcript ready on the listen page</p>
      ) : null}
      <div className="inbox-item__body">
        {item.audioUrl ? (
          <AudioPlayer
            className="inbox-item__player"
            src={item.audioUrl}
            peaks={item.peaks}
            duration={item.duration}
            label={title}
            onTimeUpdate={(seconds) => {
              if (seconds > 0) opened();
            }}
          />
        ) : null}
        <div className="inbox-item__actions">
          {item.source === 'sent' ? null : (
            <button
              type="button"
              className="inbox-item__action inbox-item__action--answer"
              onClick={() => props.onAnswer(item)}
              aria-label={`Answer ${title}`}
            >
              Answer
            </button>
          )}
          {link ? (
            <button type="button" className="inbox-item__action" onClick={() => void copyLink()} aria-label={`Copy link to ${title}`}>
              Copy link
            </button>
          ) : null}
          <PopoverMenu label={`More actions for ${title}`} buttonContent={<MoreIcon />} entries={entries} className="inbox-item__more" />
        </div>
      </div>
      {item.source === 'sent' && (item.views > 0 || item.replyCount > 0) ? (
        <p className="inbox-item__stats">
          {[
            item.views > 0 ? `${item.views} ${item.views === 1 ? 'listen' : 'listens'}` : null,
            item.replyCount > 0 ? `${item.replyCount} ${item.replyCount === 1 ? 'reply' : 'replies'}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {settingExpiry ? (
        <ExpiryDialog
          open
          title={title}
          expiryDate={item.expiryDate}
          onClose={() => setSettingExpiry(false)}
          onSave={async (expiryDate) => {
            const failed = await props.onSetExpiry(item, expiryDate);
            if (!failed) setSettingExpiry(false);
            return failed;
          }}
        />
      ) : null}
      {settingPrivacy ? (
        <PrivacyDialog
          open
          title={title}
          privacy={item.privacy}
          onClose={() => setSettingPrivacy(false)}
          onSave={async (change) => {
            const failed = change ? await props.onSetPrivacy(item, change) : null;
            if (!failed) setSettingPrivacy(false);
            return failed;
          }}
        />
      ) : null}
    </article>
  );
}
