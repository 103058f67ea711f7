import type { Settings } from '../../../common/schemas/settings.js';
import { DEFAULT_SETTINGS } from '../../../common/settings-defaults.js';

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

/** Not a user-editable setting: the row whose insertion marks setup as done (unique key = exactly once). */
export const SETUP_COMPLETED_KEY = 'setupCompleted';

/** Not a setting either: the random key that signs short-lived grants. Never leaves the server. */
export const SERVER_SECRET_KEY = 'serverSecret';

/** Not settings: fingerprints of the last successful email and captcha tests (see passedTest). */
export const PASSED_TEST_KEYS = { email: 'passedTest:email', turnstile: 'passedTest:turnstile' } as const;
