import { BufferTarget, EncodedAudioPacketSource, EncodedPacket, Mp4OutputFormat, Output } from 'mediabunny';

/**
 * An MP4 holding an AAC track, as Safari's MediaRecorder makes. The packets are not real AAC
 * (nothing here encodes AAC): enough for the server to read the container and refuse it.
 */
export async function makeAacMp4(seconds = 1): Promise<Uint8Array> {
  const output = new Output({ format: new Mp4OutputFormat(), target: new BufferTarget() });
  const source = new EncodedAudioPacketSource('aac');
  output.addAudioTrack(source);
  await output.start();
  const frameSeconds = 1024 / 44_100;
  for (let index = 0; index * frameSeconds < seconds; index++) {
    const packet = new EncodedPacket(new Uint8Array(200).fill(index % 256), 'key', index * frameSeconds, frameSeconds);
    await source.add(
      packet,
      index === 0
        ? { decoderConfig: { codec: 'mp4a.40.2', sampleRate: 44_100, numberOfChannels: 1, description: new Uint8Array([0x12, 0x08]) } }
        : undefined,
    );
  }
  await output.finalize();
  return new Uint8Array(output.target.buffer!);
}
