/**
 * Text that came from a site, made safe to print on a terminal. A terminal obeys control
 * characters wherever they come from: ESC ] 52 writes the clipboard, ESC [ 2J clears the screen,
 * OSC 8 makes a link whose text lies about its target, a lone CR overwrites what was printed. Every
 * C0 control, DEL and every C1 control is shown as a visible symbol instead (␛ for ESC), so what a
 * title or a message says is all it can do. `--json` output is left as it is: a program reads it.
 */

/** C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F): the Unicode category Cc. */
const CONTROL = /\p{Cc}/gu;

/** ␀ … ␟ for C0 and ␡ for DEL (Unicode's Control Pictures); C1 has no pictures: U+FFFD. */
function picture(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return '\ufffd';
}

/**
 * `line`: one line of output (a title, a name, a message): every control character replaced, line
 * ends and tabs too, so a field cannot break the line it is printed on. `text`: a paste's text,
 * keeping its line ends (LF, and CR only as part of CRLF) and tabs.
 */
export function safeForTerminal(text: string, mode: 'line' | 'text' = 'line'): string {
  return text.replace(CONTROL, (ch, at: number) => {
    if (mode === 'text' && (ch === '\n' || ch === '\t' || (ch === '\r' && text[at + 1] === '\n'))) return ch;
    return picture(ch);
  });
}

/**
 * A paste's text for a terminal as it streams by, in pieces of bytes: decoded as UTF-8 (a
 * character cut between pieces is joined) and made safe; a CR at the end of a piece waits for the
 * next one to say whether it starts a CRLF.
 */
export function terminalTextStream() {
  const decoder = new TextDecoder();
  let held = '';
  return {
    push(bytes: Uint8Array): string {
      const text = held + decoder.decode(bytes, { stream: true });
      held = text.endsWith('\r') ? '\r' : '';
      return safeForTerminal(held ? text.slice(0, -1) : text, 'text');
    },
    end(): string {
      const rest = held + decoder.decode();
      held = '';
      return safeForTerminal(rest, 'text');
    },
  };
}
