import { randomToken } from '../../lib/tokens.js';

/**
 * A new paste id: 72 random bits as 12 base64url characters, never starting with '-', which a command line (the
 * CLI's `pasteshare get ID`, or any tool's) would take for an option.
 */
export function newPasteId(): string {
  for (;;) {
    const id = randomToken(9);
    if (!id.startsWith('-')) return id;
  }
}
