import type { CapturePipeline, PipelineEvents, PipelineOptions, StartPipeline } from '../capture-pipeline.ts';
import type { MediaDevicesLike } from '../media-devices.ts';

const SAMPLE_RATE = 48_000;

/**
 * A microphone and capture pipeline in Node: the test says when the user speaks, when the
 * device goes away or the encoder breaks; stop flushes asynchronously like the real worker.
 */
export function createFakeMedia(options: { inputs?: number; getUserMediaError?: DOMException } = {}) {
  const stoppedTracks: string[] = [];
  const calls: string[] = [];
  let events: PipelineEvents | null = null;
  let pipelineOptions: PipelineOptions | null = null;
  let captured = 0;
  let ended = false;

  const stream = {
    getTracks: () => [{ stop: () => stoppedTracks.push('track') }],
    getAudioTracks: () => [],
  } as unknown as MediaStream;

  const devices: MediaDevicesLike = {
    getUserMedia: async () => {
      calls.push('getUserMedia');
      if (options.getUserMediaError) throw options.getUserMediaError;
      return stream;
    },
    enumerateDevices: async () =>
      Array.from({ length: options.inputs ?? 1 }, (_, index) => ({
        kind: 'audioinput',
        deviceId: `mic-${index}`,
        label: '',
        groupId: 'group',
        toJSON: () => ({}),
      })) as MediaDeviceInfo[],
  };

  const startPipeline: StartPipeline = async (_stream, givenOptions, givenEvents) => {
    calls.push('startPipeline');
    // Each Start is a new take (Re-record): its own clock and its own end.
    ended = false;
    captured = 0;
    events = givenEvents;
    pipelineOptions = givenOptions;
    const pipeline: CapturePipeline = {
      sampleRate: SAMPLE_RATE,
      pause: () => calls.push('pause'),
      resume: () => calls.push('resume'),
      stop: () => {
        calls.push('stop');
        if (ended) return;
        ended = true;
        // The worker's final flush arrives a moment later.
        setTimeout(() => givenEvents.onFinished({ bytes: new Uint8Array([0xff, 0xfb, 0x99]), envelope: [0.1], sampleCount: 0 }), 0);
      },
      close: () => calls.push('close'),
    };
    return pipeline;
  };

  const live = () => {
    if (!events) throw new Error('The pipeline has not started');
    return events;
  };

  return {
    devices,
    startPipeline,
    calls,
    stoppedTracks,
    options: () => pipelineOptions,
    /** The microphone hears `seconds` of sound at `peak`, encoded in 0.5 s chunks. */
    speak(seconds: number, peak = 0.5) {
      const target = live();
      const chunks = Math.round(seconds * 2);
      for (let index = 0; index < chunks; index++) {
        const sampleCount = SAMPLE_RATE / 2;
        captured += sampleCount;
        target.onChunk({ bytes: new Uint8Array(4000).fill(index % 256), envelope: new Array(25).fill(peak), sampleCount });
        target.onLevel(peak, captured / SAMPLE_RATE);
      }
    },
    reachLimit() {
      ended = true;
      const target = live();
      target.onLimitReached(captured / SAMPLE_RATE);
      setTimeout(() => target.onFinished({ bytes: new Uint8Array([1]), envelope: [], sampleCount: 0 }), 0);
    },
    loseDevice: () => live().onDeviceLost(),
    breakEncoder: () => live().onError(new Error('wasm trap')),
  };
}
