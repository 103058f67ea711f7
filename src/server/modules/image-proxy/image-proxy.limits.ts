import type { LimitRule } from '../../lib/rate-limiter.js';

/** Images one address may have fetched through the proxy a minute (a page of a few dozen, reloaded). */
export const IMAGES_PER_IP: LimitRule = { name: 'image-proxy-ip', points: 120, durationSec: 60 };
/** Lists of a paste's images one address may ask for a minute (each may parse a long text). */
export const IMAGE_LISTS_PER_IP: LimitRule = { name: 'image-list-ip', points: 30, durationSec: 60 };
