import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import { DEFAULT_PLATFORM, PLATFORMS, platformSchema } from './platform.ts';

describe('constants (spec section 9) and platforms (section 1)', () => {
  it('holds the section 9 numbers', () => {
    expect(constants.LIMITS.free.maxRecordingSeconds).toBe(60);
    expect(constants.LIMITS.free.messagesPerMonth).toBe(50);
    expect(constants.LIMITS.free.pausing).toBe(false);
    expect(constants.LIMITS.pro.maxRecordingSeconds).toBeNull();
    expect(constants.IMAGE_RESIZE.default).toEqual({ width: 1024, format: 'webp', quality: 1 });
    expect(constants.IMAGE_RESIZE.avatar).toEqual({ width: 1024, format: 'png' });
    expect(constants.PAYMENT_POPUP).toEqual({ width: 384, height: 782 });
    expect(constants.TIMINGS).toEqual({
      chunkReloadThrottleMs: 10000,
      iconFetchTimeoutMs: 5000,
      popupClosePollMs: 1500,
      filePickerCancelCheckMs: 300,
      persistedStateDebounceMs: 500,
    });
    expect(constants.BUG_REPORT.emailBodyMaxLength).toBe(1600);
    expect(constants.SHARE).toEqual({
      defaultTitle: 'Listen to my voice message',
      captionMaxLength: 50,
      imageCaptionMaxLength: 200,
    });
    expect(constants.ERROR_REPORTING).toMatchObject({ sampleRate: 1, maxBreadcrumbs: 100, maxValueLength: 500 });
    expect(constants.LOADING_BAR).toEqual({
      throttleMs: 200,
      durationMs: 2000,
      hideDelayMs: 500,
      resetDelayMs: 400,
      heightPx: 4,
      colour: '#267EFA',
    });
    expect(constants.SPINNER_SIZES).toEqual({ base: 24, sm: 20, xs: 16 });
    expect(constants.SPINNER_BORDER_PX).toBe(3);
    expect(constants.BUTTON_DEFAULTS).toEqual({ size: 'base', variant: 'primary' });
    expect(constants.DEFAULT_LOCALE).toBe('en');
    expect(constants.ALERT_DIALOG_DEFAULT_ICON).toBe('face-scan');
    expect(constants.COOKIE_PATH).toBe('/');
    expect(constants.DEFAULT_PLAN).toBe(0);
    expect(constants.DEFAULT_NAMES).toEqual({ someone: 'Someone', you: 'You' });
    expect(constants.RETRY_STATUS_CODES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect(constants.APP_VERSION).toBe('12.4.10');
  });

  it('counts any paid plan number as Pro', () => {
    expect(constants.isProPlan(0)).toBe(false);
    expect(constants.isProPlan(1)).toBe(true);
    expect(constants.isProPlan(3)).toBe(true);
    expect(constants.limitsForPlan(0).maxRecordingSeconds).toBe(60);
    expect(constants.limitsForPlan(1).maxRecordingSeconds).toBeNull();
  });

  it('lists the platforms and defaults to webapp', () => {
    expect(PLATFORMS).toHaveLength(12);
    expect(DEFAULT_PLATFORM).toBe('webapp');
    expect(platformSchema.safeParse('outlook').success).toBe(true);
    const refused = platformSchema.safeParse('myspace');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^platform must be one of webapp, /);
  });
});
