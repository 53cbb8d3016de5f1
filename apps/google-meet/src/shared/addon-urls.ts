import { z } from 'zod';
import { recordingIdSchema } from '@vocal/settings-model';

/** The side panel's address (spec section 2): the manifest's sidePanelUrl, on the server's origin. */
export const SIDE_PANEL_PATH = '/addons/meet';
/** The main stage's page in the build the server hosts. */
export const MAIN_STAGE_PATH = '/hosts/google-meet/main-stage.html';

/**
 * The Google Cloud project number the add-on is deployed in. Meet's SDK needs it to open a
 * session; it differs per deployment, so it travels in the page's address (`?project=`), which
 * the deployment manifest's sidePanelUrl sets and the main stage's URL repeats.
 */
export const projectNumberSchema = z.string().regex(/^\d{1,20}$/);

export function projectNumberOf(search: string): string | null {
  const parsed = projectNumberSchema.safeParse(new URLSearchParams(search).get('project'));
  return parsed.success ? parsed.data : null;
}

/** The recording the main stage plays (`?id=`), or null when the address names none that could exist. */
export function recordingIdOf(search: string): string | null {
  const parsed = recordingIdSchema.safeParse(new URLSearchParams(search).get('id'));
  return parsed.success ? parsed.data : null;
}

/** The main stage that plays `recordingId`, on the side panel's origin (Meet's addOnOrigins list it). */
export function mainStageUrl(origin: string, projectNumber: string, recordingId: string): string {
  const url = new URL(MAIN_STAGE_PATH, origin);
  url.searchParams.set('project', projectNumber);
  url.searchParams.set('id', recordingId);
  return url.href;
}
