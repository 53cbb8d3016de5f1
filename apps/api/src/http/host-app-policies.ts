import { HOST_APPS, hostAppOfPath, type HostAppRegistry, type HostFramePolicy } from '@vocal/settings-model';

/** What a host app's pages let in beyond our own origin: its entry in the host registry (settings-model's host-apps.ts). */
export type HostAppPolicy = HostFramePolicy;

/** The policy of the host app a path belongs to (/hosts/{host}/..., /addons/meet, /record/google-workspace), or null. */
export function hostAppPolicyOf(path: string, registry: HostAppRegistry = HOST_APPS): HostAppPolicy | null {
  const host = hostAppOfPath(path, registry);
  return host === null ? null : registry[host]!.frame;
}
