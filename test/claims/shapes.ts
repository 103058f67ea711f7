/**
 * The shape an API page's "returns" line promises — `{ "pastes": [{ id, title }], "total" }`, a
 * list `[{ … }]` — read from its JSON-like text: objects with their keys, lists with their items.
 * Values other than objects and lists are not read; `...` and `…` stand for "more keys".
 */
export type Shape =
  | { kind: 'object'; keys: Map<string, Shape | null> }
  | { kind: 'array'; item: Shape | null };

class Reader {
  i = 0;
  constructor(readonly text: string) {}
  peek() {
    while (/\s/.test(this.text[this.i] ?? '')) this.i++;
    return this.text[this.i];
  }
  /** Skips a scalar value (`"text"`, `0–100`, `string[]`): up to the next `,`, `}` or `]` of its container. */
  skipScalar() {
    let depth = 0;
    while (this.i < this.text.length) {
      const c = this.text[this.i]!;
      if (depth === 0 && /[,}\]]/.test(c)) return;
      if (c === '[' || c === '(') depth++;
      if (c === ']' || c === ')') depth--;
      if (c === '"') this.i = this.text.indexOf('"', this.i + 1);
      this.i++;
    }
  }
  value(): Shape | null {
    const c = this.peek();
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    this.skipScalar();
    return null;
  }
  object(): Shape {
    this.i++;
    const keys = new Map<string, Shape | null>();
    while (this.peek() !== '}' && this.i < this.text.length) {
      const key = /^(?:"([^"]*)"|([A-Za-z_]\w*)|(\.\.\.|…))/.exec(this.text.slice(this.i));
      if (!key) throw new Error(`not a key at ${this.text.slice(this.i, this.i + 20)}`);
      this.i += key[0].length;
      const name = key[1] ?? key[2];
      // `"key"?:` marks a key that may be absent; `key (when …)` says when it is there.
      if (this.peek() === '?') this.i++;
      if (this.peek() === '(') this.i = this.text.indexOf(')', this.i) + 1;
      const hasValue = this.peek() === ':';
      if (hasValue) this.i++;
      const shape = hasValue ? this.value() : null;
      if (name) keys.set(name, shape);
      if (this.peek() === ',') this.i++;
    }
    this.i++;
    return { kind: 'object', keys };
  }
  array(): Shape {
    this.i++;
    const item = this.peek() === ']' ? null : this.value();
    let depth = 1;
    while (depth > 0 && this.i < this.text.length) {
      const c = this.text[this.i++];
      if (c === '[' || c === '{') depth++;
      if (c === ']' || c === '}') depth--;
    }
    return { kind: 'array', item };
  }
}

/** The status (when the line starts with one) and the shape of a "returns" line, if it has one. */
export function readReturns(line: string): { status?: number; shape: Shape } | null {
  const m = /^\s*(\d{3}\s+)?(?=[{[])/.exec(line);
  if (!m) return null;
  const reader = new Reader(line);
  reader.i = m[0].length;
  return { status: m[1] ? Number(m[1]) : undefined, shape: reader.value()! };
}

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

/** Where `shape` says what `schema` (an answer's schema in the OpenAPI document) does not. */
export function shapeMismatches(shape: Shape, schema: JsonSchema, at = 'the answer'): string[] {
  if (shape.kind === 'array') {
    if (schema.type !== 'array')
      return [`${at}: the page promises a list, the server answers ${schema.type}`];
    return shape.item && schema.items ? shapeMismatches(shape.item, schema.items, `${at}[]`) : [];
  }
  if (schema.type !== 'object')
    return [`${at}: the page promises an object, the server answers ${schema.type}`];
  return [...shape.keys].flatMap(([key, inner]) => {
    const property = schema.properties?.[key];
    if (!property) return [`${at}: the page promises "${key}", the server's answer has none`];
    return inner ? shapeMismatches(inner, property, `${at}.${key}`) : [];
  });
}
