/// <reference types="office-js" />
import { officeCall } from './outlook-async.ts';
import type { OutlookOffice } from './outlook-office.ts';

/**
 * What Office answered when asked for the microphone: granted now for the first time (the
 * add-in must reload before it can use it), granted before (use it now), or refused.
 */
export type MicrophoneGrant = 'reload' | 'granted' | 'refused';

export type MicrophonePermission = { request(): Promise<MicrophoneGrant> };

/**
 * Office's permission for the taskpane's microphone, where the client has it: Outlook on the
 * web and new Outlook give an add-in's frame the microphone only once the person allows it
 * through `Office.devicePermission.requestPermissionsAsync` (DevicePermission 1.1). The
 * promise of the first grant resolves `true`, and the add-in must reload to use it; `false`
 * means it was granted before. Null where the client has no such permission (classic Outlook,
 * Mac, mobile): there the record flow meets the microphone as it is, and the record window
 * stays the way out.
 */
export function officeMicrophonePermission(office: OutlookOffice): MicrophonePermission | null {
  const { devicePermission, DevicePermissionType } = office;
  if (!devicePermission || !DevicePermissionType || !office.context.requirements.isSetSupported('DevicePermission', '1.1')) {
    return null;
  }
  return {
    request: () =>
      officeCall<boolean>(office.AsyncResultStatus.Failed, (callback) =>
        devicePermission.requestPermissionsAsync([DevicePermissionType.microphone], callback),
      ).then(
        (firstGrant): MicrophoneGrant => (firstGrant ? 'reload' : 'granted'),
        (): MicrophoneGrant => 'refused',
      ),
  };
}
