import { HOST_APPS, hostAppOfPath, type HostAppRegistry, type HostFramePolicy } from '@vocal/settings-model';

/**
 * What the pages of the host app a path belongs to (/hosts/{host}/..., /addons/meet,
 * /record/google-workspace) let in beyond our own origin: its frame policy in the host registry
 * (settings-model's host-apps.ts), or null for a page of no host app.
 */
export function hostAppPolicyOf(path: string, registry: HostAppRegistry = HOST_APPS): HostFramePolicy | null {
  const host = hostAppOfPath(path, registry);
  return host === null ? null : registry[host]!.frame;
}
