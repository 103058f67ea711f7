/** The parts of stream-json 1.9 this module uses (the package ships no types). */
declare module 'stream-json/Parser.js' {
  import type { Transform } from 'node:stream';
  export interface Token {
    name: string;
    value?: string | number | boolean | null;
  }
  export default class Parser extends Transform {
    constructor(options?: {
      packKeys?: boolean;
      streamKeys?: boolean;
      packNumbers?: boolean;
      streamNumbers?: boolean;
      packStrings?: boolean;
      streamStrings?: boolean;
    });
  }
}
declare module 'stream-json/Assembler.js' {
  import type { Token } from 'stream-json/Parser.js';
  export default class Assembler {
    done: boolean;
    current: unknown;
    /** The key being filled in the innermost object (null in an array). */
    key: string | null;
    /** How deep the value being built is (1 = inside the top value). */
    readonly depth: number;
    consume(token: Token): this;
  }
}
