import type { TeamsConfigSdk, TeamsTabConfig } from './teams-sdk.ts';

/**
 * A channel or chat tab's configuration page, on Teams' side: Teams enables its Save button
 * once the page says the choice is valid, and on Save the page stores the tab's settings with
 * setConfig and answers the save event, exactly once, with success or the reason it failed.
 */
export function connectTabConfiguration(sdk: TeamsConfigSdk, currentConfig: () => TeamsTabConfig | null) {
  sdk.registerOnSaveHandler((event) => {
    const config = currentConfig();
    if (!config) {
      event.notifyFailure('Give the tab a name first.');
      return;
    }
    sdk.setConfig(config).then(
      () => event.notifySuccess(),
      (error: unknown) => event.notifyFailure(error instanceof Error ? error.message : String(error)),
    );
  });
  return {
    /** Enables or disables Teams' Save button. */
    setValid: (valid: boolean) => sdk.setValidityState(valid),
  };
}
