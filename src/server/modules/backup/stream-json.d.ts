/** The parts of stream-json 1.9 this module uses (the package ships no types). */
declare module 'stream-json/Parser.js' {
  import type { Transform } from 'node:stream';
  export interface Token {
    name: string;
    value?: string | number | boolean | null;
  }
  export default class Parser extends Transform {
    constructor(options?: { packValues?: boolean; streamValues?: boolean; jsonStreaming?: boolean });
  }
}
declare module 'stream-json/Assembler.js' {
  import type { Token } from 'stream-json/Parser.js';
  export default class Assembler {
    done: boolean;
    current: unknown;
    consume(token: Token): this;
  }
}
