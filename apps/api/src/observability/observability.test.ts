import { describe, expect, it } from 'vitest';
import { holdsMetricsToken } from '../site/metrics-routes.ts';
import type { Storage } from '../storage/storage.ts';
import { parsePrometheusText, sumOf } from '../../test/harness/prometheus-text.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import { countStorageErrors } from './counted-storage.ts';
import { measureTranscriber } from './measured-transcriber.ts';
import { createMetrics } from './metrics.ts';

const samplesOf = async (metrics: ReturnType<typeof createMetrics>) => parsePrometheusText(await metrics.registry.metrics());

describe('metrics registries', () => {
  it('are one per server: two count apart and neither touches the other', async () => {
    const first = createMetrics();
    const second = createMetrics();
    first.uploadBytes.inc(100);
    second.uploadBytes.inc(7);
    expect(sumOf(await samplesOf(first), 'vocal_upload_bytes_total')).toBe(100);
    expect(sumOf(await samplesOf(second), 'vocal_upload_bytes_total')).toBe(7);
  });

  it("hold the process's own metrics only when asked: each set keeps an event-loop timer running", async () => {
    expect((await samplesOf(createMetrics())).some((sample) => sample.name.startsWith('nodejs_'))).toBe(false);
    const names = new Set((await samplesOf(createMetrics({ processMetrics: true }))).map((sample) => sample.name));
    expect(names.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(names.has('nodejs_heap_size_used_bytes')).toBe(true);
  });

  it('report an empty queue, not a failed scrape, when the queue cannot be read', async () => {
    const metrics = createMetrics();
    metrics.readQueueFrom(() => Promise.reject(new Error('the database is gone')));
    const samples = await samplesOf(metrics);
    expect(samples.filter((sample) => sample.name === 'vocal_job_queue_depth')).toEqual([]);
    metrics.readQueueFrom(() => Promise.resolve([{ kind: 'transcribe', count: 4, oldestSeconds: 12.5 }]));
    const waiting = await samplesOf(metrics);
    expect(sumOf(waiting, 'vocal_job_queue_depth', { kind: 'transcribe' })).toBe(4);
    expect(sumOf(waiting, 'vocal_job_oldest_waiting_seconds', { kind: 'transcribe' })).toBe(12.5);
  });
});

describe('measureTranscriber', () => {
  it('records processing seconds per audio second of each finished transcript, and nothing for a failed one', async () => {
    const metrics = createMetrics();
    let fail = false;
    const transcriber: Transcriber = {
      name: 'local',
      transcribe: async () => {
        if (fail) throw new Error('engine crashed');
        return { transcription: [], confidence: null };
      },
    };
    const measured = measureTranscriber(transcriber, metrics)!;
    const request = { audio: new Uint8Array(), contentType: 'audio/mpeg', durationSeconds: 30, signal: new AbortController().signal };
    expect(await measured.transcribe(request)).toEqual({ transcription: [], confidence: null });
    fail = true;
    await expect(measured.transcribe(request)).rejects.toThrow('engine crashed');
    const samples = await samplesOf(metrics);
    expect(sumOf(samples, 'vocal_transcription_real_time_factor_count', { transcriber: 'local' })).toBe(1);
    // An answer at once is far faster than real time.
    expect(sumOf(samples, 'vocal_transcription_real_time_factor_bucket', { transcriber: 'local', le: '5' })).toBe(1);
    expect(measureTranscriber(null, metrics)).toBeNull();
  });
});

describe('countStorageErrors', () => {
  it('counts failures by operation and passes results and errors on unchanged', async () => {
    const metrics = createMetrics();
    const failure = new Error('S3 said no');
    const storage: Storage = {
      kind: 'test',
      put: () => Promise.reject(failure),
      stat: () => Promise.resolve(null),
      copy: () => Promise.reject(failure),
      read: () => Promise.reject(failure),
      delete: () => Promise.resolve(),
      list: () => Promise.resolve([]),
      publicUrl: (key) => `http://files.example/${key}`,
    };
    const counted = countStorageErrors(storage, metrics);
    await expect(counted.put('a.mp3', new Uint8Array(1), 'audio/mpeg')).rejects.toBe(failure);
    await expect(counted.read('a.mp3')).rejects.toBe(failure);
    await expect(counted.read('a.mp3')).rejects.toBe(failure);
    expect(await counted.stat('a.mp3')).toBeNull();
    expect(counted.putFile).toBeUndefined();
    expect(counted.publicUrl('a.mp3')).toBe('http://files.example/a.mp3');
    const samples = await samplesOf(metrics);
    expect(sumOf(samples, 'vocal_storage_errors_total', { operation: 'put' })).toBe(1);
    expect(sumOf(samples, 'vocal_storage_errors_total', { operation: 'read' })).toBe(2);
    expect(sumOf(samples, 'vocal_storage_errors_total', { operation: 'stat' })).toBe(0);
  });
});

describe('holdsMetricsToken', () => {
  it('accepts exactly Bearer and the token', () => {
    const token = 'a-token-of-sixteen-or-more';
    expect(holdsMetricsToken(`Bearer ${token}`, token)).toBe(true);
    expect(holdsMetricsToken(`bearer ${token}`, token)).toBe(true);
    for (const refused of [undefined, '', token, `Bearer ${token} `, `Bearer ${token}x`, `Basic ${token}`, 'Bearer ']) {
      expect(holdsMetricsToken(refused, token), String(refused)).toBe(false);
    }
  });
});
