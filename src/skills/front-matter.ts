/**
 * A SKILL.md's YAML front matter: read from a file's text, or written for a skill defined in code.
 * It is read as a strict subset of YAML, the one front matter uses (block mappings and sequences,
 * plain, quoted and block scalars, JSON flow collections), and what falls outside it, or what YAML
 * 1.1 and 1.2 read differently (`yes`, `010`, a date), is refused with its line: every host must
 * read the same front matter as the `frontmatter` this server publishes, whatever YAML library it
 * uses.
 *
 * @module
 */

/** A JSON value, as front matter holds. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

interface Line {
  readonly at: number; // 1-based, in the file
  readonly indent: number;
  readonly text: string; // without its indentation
}

const fail = (line: number, problem: string): never => {
  throw new TypeError(`front matter line ${line}: ${problem}`);
};

// Plain scalars that YAML 1.1 and 1.2 read differently, or as something other than a string.
const AMBIGUOUS =
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|[-+]?0[0-9_]+(?:\.[0-9_]*)?|[-+]?0b[01_]+|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|[-+]?[0-9][0-9_]*_[0-9_]*(?:\.[0-9_]*)?|\d{4}-\d\d?-\d\d?(?:[Tt \t].*)?|=|<<)$/;

/**
 * The value of a plain scalar, as YAML 1.2's core schema reads it.
 * @returns Its value; `undefined` for one that YAML versions read differently.
 */
function plainValue(text: string): JsonValue | undefined {
  if (AMBIGUOUS.test(text)) return undefined;
  if (/^(?:~|null|Null|NULL|)$/.test(text)) return null;
  if (/^(?:true|True|TRUE)$/.test(text)) return true;
  if (/^(?:false|False|FALSE)$/.test(text)) return false;
  if (/^0o[0-7]+$/.test(text)) return Number.parseInt(text.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(text)) {
    const number = Number(text);
    return Number.isFinite(number) ? number : undefined;
  }
  return text;
}

// What a plain scalar may not start with (YAML indicators), or hold (a mapping's `: `, a
// comment's ` #`, a tab).
const NOT_PLAIN = /^[,[\]{}#&*!|>'"%@`]|^[-?:](?:\s|$)|^\s|\s$|: |:$| #|\t/;

// A scalar on one line: quoted, flow JSON, or plain (a ` #` comment after it dropped).
function scalar(source: string, at: number): JsonValue {
  if (source.startsWith('"')) {
    const end = /^"(?:[^"\\]|\\.)*"/.exec(source)?.[0];
    if (end === undefined) fail(at, 'a double-quoted value must end on its line');
    rest(source.slice(end!.length), at);
    try {
      return JSON.parse(end!) as string;
    } catch {
      return fail(at, 'use only the escapes JSON has in a double-quoted value');
    }
  }
  if (source.startsWith("'")) {
    const end = /^'(?:[^']|'')*'/.exec(source)?.[0];
    if (end === undefined) fail(at, 'a single-quoted value must end on its line');
    rest(source.slice(end!.length), at);
    return end!.slice(1, -1).replaceAll("''", "'");
  }
  if (source.startsWith('[') || source.startsWith('{')) {
    try {
      return JSON.parse(source) as JsonValue;
    } catch {
      return fail(at, 'a flow collection is read only as JSON; write it as a block instead');
    }
  }
  const text = source.replace(/\s+#.*$/, '');
  if (NOT_PLAIN.test(text)) fail(at, `quote the value ${JSON.stringify(text.slice(0, 40))}`);
  const value = plainValue(text);
  if (value === undefined) {
    fail(at, `YAML versions read ${JSON.stringify(text)} differently: quote it`);
  }
  return value!;
}

// What follows a quoted scalar: nothing, or a comment.
function rest(after: string, at: number): void {
  if (!/^(?:\s+#.*|\s*)$/.test(after)) fail(at, 'nothing may follow a quoted value but a comment');
}

// A key: plain, or double-quoted.
const KEY = /^(?:([A-Za-z0-9_][A-Za-z0-9_.\-/]*)|("(?:[^"\\]|\\.)*")):(?: +|$)/;

class Reader {
  #next = 0;
  constructor(readonly lines: readonly Line[]) {}

  mapping(indent: number): Record<string, JsonValue> {
    const mapping: Record<string, JsonValue> = {};
    for (let line = this.#peek(indent); line !== undefined; line = this.#peek(indent)) {
      const key = KEY.exec(line.text);
      if (key === null) return fail(line.at, 'expected `key: value`');
      const name = key[1] ?? (JSON.parse(key[2]!) as string);
      if (Object.hasOwn(mapping, name)) fail(line.at, `the key ${name} is given twice`);
      this.#next++;
      mapping[name] = this.#value(line.text.slice(key[0].length), indent, line.at);
    }
    return mapping;
  }

  #sequence(indent: number): JsonValue[] {
    const items: JsonValue[] = [];
    for (let line = this.#peek(indent); line !== undefined; line = this.#peek(indent)) {
      if (!isItem(line.text)) fail(line.at, 'expected `- item`');
      this.#next++;
      const item = line.text.slice(1).trimStart();
      if (KEY.test(item)) fail(line.at, 'a mapping in a list is read only as JSON: `- {"a": 1}`');
      items.push(this.#value(item, indent, line.at));
    }
    return items;
  }

  // The value after `key:` or `-`: on the line, a block scalar, or a block indented under it.
  #value(source: string, indent: number, at: number): JsonValue {
    const header = /^([|>])([-+]?)(?:\s+#.*)?$/.exec(source);
    if (header !== null) return this.#blockScalar(header[1] === '>', header[2]!, indent);
    const next = this.#content();
    const nested = next !== undefined && next.indent > indent;
    if (source.replace(/^#.*/, '') !== '') {
      if (nested) fail(next.at, 'a value goes on one line; for several, use `|` or `>`');
      return scalar(source, at);
    }
    if (!nested) return null;
    return isItem(next.text) ? this.#sequence(next.indent) : this.mapping(next.indent);
  }

  // The lines of a `|` or `>` block, kept or folded, then chomped as its header says.
  #blockScalar(folded: boolean, chomp: string, indent: number): string {
    const lines: Line[] = [];
    for (let line = this.lines[this.#next]; line !== undefined; line = this.lines[this.#next]) {
      if (line.text !== '' && line.indent <= indent) break;
      lines.push(line);
      this.#next++;
    }
    const own = lines.find((line) => line.text !== '')?.indent ?? 0;
    let text = '';
    let breaks = 0;
    let started = false;
    for (const line of lines) {
      if (line.text === '') {
        breaks++;
        continue;
      }
      if (line.indent < own) fail(line.at, 'a block value is indented evenly');
      if (folded && line.indent > own) fail(line.at, 'use `|` for lines indented further');
      const joint =
        !started || !folded
          ? '\n'.repeat(breaks + (started ? 1 : 0))
          : breaks > 0
            ? '\n'.repeat(breaks)
            : ' ';
      text += joint + ' '.repeat(line.indent - own) + line.text;
      started = true;
      breaks = 0;
    }
    if (chomp === '-' || !started) return chomp === '+' ? '\n'.repeat(breaks) : text;
    return chomp === '+' ? `${text}\n${'\n'.repeat(breaks)}` : `${text}\n`;
  }

  // The next line that is not blank, not read.
  #content(): Line | undefined {
    let i = this.#next;
    while (this.lines[i]?.text === '') i++;
    return this.lines[i];
  }

  // The next line of a block at `indent`, blank lines skipped, or undefined when the block ends.
  #peek(indent: number): Line | undefined {
    const line = this.#content();
    if (line === undefined || line.indent < indent) return undefined;
    if (line.indent > indent) fail(line.at, 'this line is indented more than the ones before');
    while (this.lines[this.#next] !== line) this.#next++;
    return line;
  }
}

const isItem = (text: string) => text === '-' || text.startsWith('- ');

/**
 * Split a SKILL.md into its front matter, read, and its body.
 *
 * @param text - The file's text.
 * @returns The front matter as JSON, and what follows it.
 * @throws TypeError - For a file that does not open with front matter, or front matter outside the
 * subset this library reads, naming the line.
 */
export function readFrontMatter(text: string): {
  frontmatter: Record<string, JsonValue>;
  body: string;
} {
  const match = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(text);
  if (match === null) {
    throw new TypeError('SKILL.md must open with YAML front matter between two `---` lines');
  }
  const lines: Line[] = [];
  (match[1] ?? '').split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const content = line.trimStart();
    const indent = line.length - content.length;
    if (content !== '' && line.slice(0, indent).includes('\t')) {
      fail(i + 2, 'indent with spaces, not tabs');
    }
    // A comment line says nothing; a blank one matters only in a block scalar.
    if (!content.startsWith('#')) lines.push({ at: i + 2, indent, text: content.trimEnd() });
  });
  return { frontmatter: new Reader(lines).mapping(0), body: text.slice(match[0].length) };
}

// A string written plain when it reads back as itself, in every YAML version; quoted otherwise.
function writeString(text: string): string {
  if (
    !NOT_PLAIN.test(text) &&
    !/[\n\r\u0085\u2028\u2029\p{C}]/u.test(text) &&
    plainValue(text) === text
  )
    return text;
  return quote(text);
}

// Double-quoted: JSON's escapes are YAML's; the line and paragraph separators YAML 1.1 breaks lines
// at, escaped.
function quote(text: string): string {
  return JSON.stringify(text).replace(
    /[\u0085\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const writeKey = (key: string) =>
  /^[A-Za-z0-9_][A-Za-z0-9_.\-/]*$/.test(key) && plainValue(key) === key ? key : quote(key);

// A value as JSON with a space after each `,` and `:`, which YAML 1.1 needs in a flow mapping.
function writeFlow(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(writeFlow).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => `${quote(key)}: ${writeFlow(item)}`);
    return `{${entries.join(', ')}}`;
  }
  return typeof value === 'string' ? quote(value) : JSON.stringify(value);
}

function writeValue(value: JsonValue, indent: string): string {
  if (typeof value === 'string') return ` ${writeString(value)}\n`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return ` ${writeFlow(value)}\n`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return ' {}\n';
  return `\n${writeMapping(value, `${indent}  `)}`;
}

function writeMapping(mapping: { readonly [key: string]: JsonValue }, indent: string): string {
  let text = '';
  for (const [key, value] of Object.entries(mapping)) {
    text += `${indent}${writeKey(key)}:${writeValue(value, indent)}`;
  }
  return text;
}

/**
 * Write front matter as YAML that {@link readFrontMatter}, and any YAML 1.1 or 1.2 library, reads
 * back as the same JSON: mappings as blocks, strings plain when they read back as themselves and
 * double-quoted otherwise, lists and other values as JSON.
 *
 * @param frontmatter - The front matter, JSON only.
 * @returns Its lines, each ending with a line break, without the `---` lines.
 */
export function writeFrontMatter(frontmatter: { readonly [key: string]: JsonValue }): string {
  return writeMapping(frontmatter, '');
}
