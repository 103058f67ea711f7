export type { PublicUser } from './responses.js';
