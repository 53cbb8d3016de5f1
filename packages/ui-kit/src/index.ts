export { ThemeProvider, type ThemeProviderProps } from './theme/theme-provider.tsx';
export { ThemeScope, type ThemeScopeProps } from './theme/theme-scope.tsx';
export { themeVariables, type ThemeVariables } from './theme/theme-variables.ts';
export { useThemeRoot } from './theme/use-theme-root.ts';
export { contrastRatio, parseColour, toHex, type Rgb } from './theme/colour.ts';

export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button/button.tsx';
export { ButtonLink, type ButtonLinkProps } from './button/button-link.tsx';
export { SubmitButton, type SubmitButtonProps } from './button/submit-button.tsx';
export { Spinner, type SpinnerProps } from './spinner/spinner.tsx';

export { LoadingBar, type LoadingBarProps } from './loading-bar/loading-bar.tsx';
export { LoadingBarProvider, type LoadingBarProviderProps } from './loading-bar/loading-bar-provider.tsx';
export { useLoadingBar } from './loading-bar/use-loading-bar.ts';
export type { LoadingBarControls } from './loading-bar/loading-bar-context.ts';
export {
  createLoadingBarController,
  type LoadingBarController,
  type LoadingBarState,
  type LoadingBarTimings,
} from './loading-bar/loading-bar-controller.ts';

export { FatalErrorScreen, type FatalErrorScreenProps } from './fatal-error/fatal-error-screen.tsx';
export {
  FatalErrorBoundary,
  type FatalErrorBoundaryProps,
  type FatalErrorReport,
  type FatalErrorSource,
} from './fatal-error/fatal-error-boundary.tsx';
export { FatalErrorCatcher, type FatalErrorCatcherProps } from './fatal-error/fatal-error-catcher.tsx';
export { isIgnoredError } from './fatal-error/is-ignored-error.ts';

export { Dialog, type DialogProps } from './dialog/dialog.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './dialog/confirm-dialog.tsx';
export { useFocusTrap } from './dialog/use-focus-trap.ts';
export { ReportIssueDialog, REPORT_ISSUE_TEXT, type ReportIssueDialogProps } from './report-issue/report-issue-dialog.tsx';

export { Field, type FieldProps } from './text-field/field.tsx';
export { TextField, type TextFieldProps } from './text-field/text-field.tsx';
export { EmailField, type EmailFieldProps } from './text-field/email-field.tsx';
export { TextAreaField, type TextAreaFieldProps } from './text-field/text-area-field.tsx';

export { formatDuration } from './format/format-duration.ts';
export { formatMessageDate, messageTitle } from './format/message-title.ts';

export { copyToClipboard } from './clipboard/copy-to-clipboard.ts';
export { CopyLinkField, COPIED_FEEDBACK_MS, type CopyLinkFieldProps } from './copy-link-field/copy-link-field.tsx';
export { LevelMeter, LEVEL_METER_HOT, type LevelMeterProps } from './level-meter/level-meter.tsx';
export {
  MicrophoneControls,
  MicrophonePicker,
  MicrophoneTest,
  MicrophoneBlockedHelp,
  browserFamily,
  unblockSteps,
  type MicrophoneControlsProps,
  type MicrophonePickerProps,
  type MicrophoneTestProps,
  type MicrophoneBlockedHelpProps,
  type BrowserFamily,
  type UnblockHelp,
} from './microphone/index.ts';

export { AudioPlayer, type AudioPlayerHandle, type AudioPlayerProps } from './audio-player/audio-player.tsx';
export { Waveform, type WaveformProps } from './audio-player/waveform.tsx';
export { resamplePeaks } from './audio-player/resample-peaks.ts';
export { PLAYBACK_RATES, nextPlaybackRate, type PlaybackRate } from './audio-player/playback-rates.ts';
export { useAudioPlayback, type AudioPlayback, type AudioPlaybackOptions } from './audio-player/use-audio-playback.ts';

export { RecordFlow, type RecordFlowProps, type PendingRecordings } from './record-flow/record-flow.tsx';
export { buildShare, attachmentFileName, type ShareSettings } from './record-flow/build-share.ts';
export { SignInForm, type SignInFormProps, type SignInOutcome } from './sign-in/sign-in-form.tsx';
export { CreateAccountForm, type CreateAccountFormProps } from './sign-in/create-account-form.tsx';
export { PasswordField, type PasswordFieldProps } from './sign-in/password-field.tsx';
export { NewPasswordField, type NewPasswordFieldProps } from './sign-in/new-password-field.tsx';
export { AccountCard, type AccountCardProps } from './sign-in/account-card.tsx';
export { Transcript, type TranscriptProps } from './transcript/transcript.tsx';
export { useSystemTheme } from './theme/use-system-theme.ts';
export { BrandMark } from './brand/brand-mark.tsx';
