import { describe, expect, it } from 'vitest';
import { createFakeOffice } from './outlook-fake-office.ts';
import { officeMicrophonePermission } from './outlook-microphone-permission.ts';

const refusal = { code: 13000, message: 'User denied the permission request.' };

describe('Office’s permission for the taskpane’s microphone', () => {
  it('is there only where the client has DevicePermission 1.1 and office.js has devicePermission', () => {
    expect(officeMicrophonePermission(createFakeOffice({ supported: ['Mailbox 1.8'] }).office)).toBeNull();
    expect(officeMicrophonePermission(createFakeOffice({ supported: ['Mailbox 1.8'], devicePermission: [true] }).office)).toBeNull();
    expect(officeMicrophonePermission(createFakeOffice({ supported: ['DevicePermission 1.1'] }).office)).toBeNull();
    expect(
      officeMicrophonePermission(createFakeOffice({ supported: ['DevicePermission 1.1'], devicePermission: [true] }).office),
    ).not.toBeNull();
  });

  it('asks for the microphone alone, and tells a first grant (reload) from an earlier one and a refusal', async () => {
    const fake = createFakeOffice({ supported: ['DevicePermission 1.1'], devicePermission: [true, false, refusal] });
    const permission = officeMicrophonePermission(fake.office)!;
    expect(await permission.request()).toBe('reload');
    expect(await permission.request()).toBe('granted');
    expect(await permission.request()).toBe('refused');
    expect(fake.calls.permissionRequests).toEqual([['microphone'], ['microphone'], ['microphone']]);
  });
});
