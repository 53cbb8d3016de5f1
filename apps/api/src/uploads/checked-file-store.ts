import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/utils';
import { recordingIdSchema } from '@vocal/settings-model';
import { HttpError, badRequest, unsupportedMediaType } from '../http/http-error.ts';
import { MP3_JUNK_MESSAGE, containerOf, mp3ProbeOf, type AudioFileProbe } from '../media/audio-file.ts';
import { Mp3Scanner } from '../media/mp3.ts';
import { AtomicFileKvStore } from './atomic-file-kv-store.ts';

/** What a progressive upload's bytes are held to while they arrive. */
export type ArrivingRules = {
  /** A refusal once the frames so far play `seconds`, or null while the length is allowed. */
  lengthRefusal(seconds: number): HttpError | null;
};

/** An error @tus/server answers as it is: the status, and our `{msg}` as the body. */
export type TusRefusal = { status_code: number; body: string };

export const tusRefusal = (error: HttpError): TusRefusal => ({ status_code: error.status, body: JSON.stringify({ msg: error.message }) });

/**
 * Bytes refused as they arrived. It travels up through tus's own stream pipeline, which answers
 * whichever error came first, so it carries its status and body itself (what tus reads), and the
 * removal of what the upload had sent: the answer waits for it (progressive-uploads.ts), so a
 * client that asks again at once finds nothing.
 */
export class ArrivalRefusal extends Error implements TusRefusal {
  readonly status_code: number;
  readonly body: string;
  constructor(
    refusal: HttpError,
    readonly removed: Promise<void>,
  ) {
    super(refusal.message);
    ({ status_code: this.status_code, body: this.body } = tusRefusal(refusal));
  }
}

/** How many of an upload's first bytes say whether it is a container (WebM, MP4) rather than MP3. */
const HEAD_BYTES = 12;

type Scan = { scanner: Mp3Scanner; scanned: number; head: Uint8Array };

/**
 * What the scan of a complete upload found: what probeAudioFile would have said of it, with the
 * length and creation date that say which upload it was (one removed by another process and
 * begun again under the same id is another upload).
 */
type Verdict = { bytes: number; created: string | undefined; probe: AudioFileProbe | null };

/** Feeds `chunk`, the bytes that follow what `scan` has read, to it. */
function scanOn(scan: Scan, chunk: Uint8Array): void {
  if (scan.head.length < HEAD_BYTES) {
    const head = new Uint8Array(Math.min(HEAD_BYTES, scan.head.length + chunk.length));
    head.set(scan.head);
    head.set(chunk.subarray(0, head.length - scan.head.length), scan.head.length);
    scan.head = head;
  }
  scan.scanner.push(chunk);
  scan.scanned += chunk.length;
}

/**
 * tus's file store, with every byte checked as it arrives and before it is written: the MP3's
 * frames one by one (junk is refused once it is more than the 16 KB any MP3 may carry), and the length the
 * frames play against the plan's limit. A refused upload is removed whole, so nothing it sent
 * stays on disk. The scanner's state is kept between PATCH requests; after a restart, or a
 * request cut off part-way, it is rebuilt from the bytes on disk, which are the ones the client
 * was told were received.
 */
export class CheckedFileStore extends FileStore {
  private readonly scans = new Map<string, Scan>();
  private readonly verdicts = new Map<string, Verdict>();

  constructor(
    private readonly options: {
      directory: string;
      expirationPeriodInMilliseconds: number;
      /** The rules of the reservation an upload fills; throws (a tus refusal) when there is none. */
      rulesOf(id: string): Promise<ArrivingRules>;
    },
  ) {
    super({
      directory: options.directory,
      configstore: new AtomicFileKvStore(options.directory),
      expirationPeriodInMilliseconds: options.expirationPeriodInMilliseconds,
    });
  }

  /** Where an upload's bytes are; ids are reservation ids, so never a path outside. */
  pathOf(id: string): string {
    if (!recordingIdSchema.safeParse(id).success) throw ERRORS.FILE_NOT_FOUND;
    return join(this.options.directory, id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const path = this.pathOf(id);
    const rules = await this.options.rulesOf(id);
    const scan = await this.scanAt(path, id, offset);
    let received = 0;
    const check = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        scanOn(scan, chunk);
        const refusal = refusalOf(scan.scanner, rules);
        if (refusal)
          return done(
            new ArrivalRefusal(
              refusal,
              this.remove(id).catch(() => undefined),
            ),
          );
        received += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(readable, check, createWriteStream(path, { flags: 'r+', start: offset }));
    } catch (error) {
      if (error instanceof ArrivalRefusal) {
        await error.removed;
        throw error;
      }
      // Cut off part-way: what reached the disk is what the next HEAD reports, and the scan
      // must start again from there.
      const written = await stat(path).then(
        (info) => info.size,
        () => -1,
      );
      if (written !== scan.scanned) this.scans.delete(id);
      throw error instanceof HttpError ? tusRefusal(error) : ERRORS.FILE_WRITE_ERROR;
    }
    return offset + received;
  }

  override async remove(id: string): Promise<void> {
    this.scans.delete(id);
    this.verdicts.delete(id);
    await super.remove(id);
  }

  /**
   * `upload` is complete: when this process scanned every byte of it, in order, its verdict is
   * kept, so completing the message need not read the file again (a 5 min message's 2.4 MB took
   * 20-30 ms to read and scan). A WebM or MP4 is left to the whole-file probe.
   */
  settle(upload: Upload): void {
    const scan = this.scans.get(upload.id);
    this.scans.delete(upload.id);
    if (scan?.scanned !== upload.offset || containerOf(scan.head)) return;
    this.verdicts.set(upload.id, { bytes: upload.offset, created: upload.creation_date, probe: mp3ProbeOf(scan.scanner) });
  }

  /** What the scan said of the complete `upload`, or undefined when it must be read again. */
  verdictOf(upload: Upload): AudioFileProbe | null | undefined {
    const verdict = this.verdicts.get(upload.id);
    return verdict?.bytes === upload.offset && verdict.created === upload.creation_date ? verdict.probe : undefined;
  }

  private async scanAt(path: string, id: string, offset: number): Promise<Scan> {
    const kept = this.scans.get(id);
    if (kept && kept.scanned === offset) return kept;
    const scan: Scan = { scanner: new Mp3Scanner(), scanned: 0, head: new Uint8Array(0) };
    if (offset > 0) {
      for await (const chunk of createReadStream(path, { start: 0, end: offset - 1 })) scanOn(scan, chunk as Buffer);
    }
    this.scans.set(id, scan);
    return scan;
  }
}

function refusalOf(scanner: Mp3Scanner, rules: ArrivingRules): HttpError | null {
  if (scanner.rejected)
    return scanner.framesSoFar > 0 ? badRequest(MP3_JUNK_MESSAGE) : unsupportedMediaType('recording: is not an MP3 file');
  return rules.lengthRefusal(scanner.secondsSoFar);
}
