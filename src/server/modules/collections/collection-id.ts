import { randomToken } from '../../lib/tokens.js';

/**
 * A new collection id: 72 random bits as 12 base64url characters (as paste ids), never starting
 * with '-', which a command line would take for an option.
 */
export function newCollectionId(): string {
  for (;;) {
    const id = randomToken(9);
    if (!id.startsWith('-')) return id;
  }
}
