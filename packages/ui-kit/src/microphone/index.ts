export { MicrophoneControls, type MicrophoneControlsProps } from './microphone-controls.tsx';
export { MicrophonePicker, type MicrophonePickerProps } from './microphone-picker.tsx';
export { MicrophoneTest, type MicrophoneTestProps } from './microphone-test.tsx';
export { MicrophoneBlockedHelp, type MicrophoneBlockedHelpProps } from './microphone-blocked-help.tsx';
export { browserFamily, type BrowserFamily } from './browser-family.ts';
export { unblockSteps, type UnblockHelp } from './unblock-steps.ts';
