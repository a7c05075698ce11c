/**
 * URI templates (RFC 6570, levels 1 to 3) in both directions: `expand` fills a template in,
 * `match` reads the variables back out of a URI, for resource templates.
 *
 * @module
 */

// Per operator (RFC 6570 appendix A): first, separator, named, the form of an empty named value,
// whether reserved characters pass unencoded, and the characters a value cannot hold when matched
// (`undefined`: it may hold anything, and takes as little as the rest of the template allows, so
// that a trailing query is the query's, not the path's).
type Operator = readonly [string, string, boolean, string, boolean, string | undefined];
const SEGMENT = '/?#,';
const OPERATORS: Record<string, Operator> = {
  '': ['', ',', false, '', false, SEGMENT],
  '+': ['', ',', false, '', true, undefined],
  '#': ['#', ',', false, '', true, undefined],
  '.': ['.', '.', false, '', false, SEGMENT],
  '/': ['/', '/', false, '', false, SEGMENT],
  ';': [';', ';', true, '', false, ';/?#'],
  '?': ['?', '&', true, '=', false, '#'],
  '&': ['&', '&', true, '=', false, '#'],
};
const VARNAME = /^(?:\w|%[\dA-Fa-f]{2})+(?:\.(?:\w|%[\dA-Fa-f]{2})+)*$/;
const UNRESERVED = /[^\w.~-]/gu;
const RESERVED = /%[\dA-Fa-f]{2}|[^\w.~:/?#[\]@!$&'()*+,;=-]/gu;
// A NUL, a `..` segment, or an absolute path: what lets a value escape the directory it names.
// Percent-decoded: a value without a `%` has nothing to decode, nor anything malformed.
const decoded = (value: string) => (value.includes('%') ? decodeURIComponent(value) : value);

// A leading `/` or `\` is also UNC (`\\host\share`, `//host/share`); a segment that opens with a
// drive (`C:\`, `C:/`, `D:x`) is one that Windows' path.resolve() jumps to.
const TRAVERSAL = /\0|(?:^|[/\\])(?:\.\.(?:[/\\]|$)|[A-Za-z]:)|^[/\\]/;
const MAX_URI_LENGTH = 65536;

function pct(char: string): string {
  if (char.length === 3) return char; // a pct-encoded triplet, kept as it is
  const code = char.charCodeAt(0);
  return code < 0x80
    ? `%${code.toString(16).toUpperCase().padStart(2, '0')}`
    : encodeURIComponent(char);
}

const encode = (value: string, reserved: boolean) =>
  value.replace(reserved ? RESERVED : UNRESERVED, pct);

/**
 * What `match` walks: a literal, or a variable's value: characters but those of `stop` (any, lazily,
 * when `stop` is undefined); with a `prefix`, either nothing or one of its characters then the value.
 */
type Token = string | { name: string; stop: string | undefined; prefix: string };

// The variables, read from the template string at compile time.
type Expressions<T extends string> = T extends `${string}{${infer E}}${infer Rest}`
  ? E | Expressions<Rest>
  : never;
type Names<L extends string> = L extends `${infer H},${infer R}` ? H | Names<R> : L;
type PathNames<E extends string> = E extends `${'?' | '&'}${string}`
  ? never
  : Names<E extends `${'+' | '#' | '.' | '/' | ';'}${infer L}` ? L : E>;
type QueryNames<E extends string> = E extends `${'?' | '&'}${infer L}` ? Names<L> : never;
type Flat<T> = { [K in keyof T]: T[K] };

/**
 * The variables of a URI template, typed from the template string: a string for each variable of
 * the path, an optional one for each of the query (`{?x,y}`, `{&x}`), which a URI may leave out.
 * A template without variables gives `Record<string, never>`; one that is not a literal type,
 * `Record<string, string>`.
 *
 * @example
 * ```ts
 * type Doc = TemplateVariables<'repo://{owner}/docs/{+path}{?ref}'>;
 * //=> { owner: string; path: string; ref?: string }
 * ```
 */
export type TemplateVariables<T extends string> = string extends T
  ? Record<string, string>
  : [Expressions<T>] extends [never]
    ? Record<string, never>
    : Flat<
        { [K in PathNames<Expressions<T>>]: string } & {
          [K in QueryNames<Expressions<T>>]?: string;
        }
      >;

/**
 * The name of a variable of a URI template, typed from the template string: the union of its
 * names (`never` without any), or `string` for a template that is not a literal type.
 *
 * @example
 * ```ts
 * type Name = TemplateVariableName<'repo://{owner}/docs/{+path}{?ref}'>; //=> 'owner' | 'path' | 'ref'
 * ```
 */
export type TemplateVariableName<T extends string> = string extends T
  ? string
  : PathNames<Expressions<T>> | QueryNames<Expressions<T>>;

/** Options of a {@link UriTemplate}. */
export interface UriTemplateOptions {
  /**
   * Let `match` return values that could escape a directory: a NUL, a `..` segment, a leading
   * `/` or `\` (UNC included), or a segment that opens with a Windows drive (`C:`), once
   * percent-decoded. Off by default: such a URI does not match.
   *
   * @example
   * ```ts
   * new UriTemplate('git://{+ref}', { allowTraversal: true }).match('git://main/../HEAD');
   * //=> { ref: 'main/../HEAD' }
   * ```
   */
  allowTraversal?: boolean;
}

/**
 * A URI template (RFC 6570) of levels 1 to 3: `{var}`, `{+var}`, `{#var}`, and the operators
 * `. / ; ? &` with lists of variables (`{x,y}`). Compiled once, at construction; a malformed
 * template, or one using level 4 (`{var:3}`, `{var*}`), throws there.
 *
 * `expand` encodes each value as its operator says (UTF-8, percent-encoded; `+` and `#` keep
 * reserved characters and triplets) and skips undefined variables. `match` is its inverse, in time
 * linear in the URI's length whatever the template: a simple variable does not span `/ ? # ,` and
 * takes as much as it can; `{+var}` and `{#var}` span anything and take as little as the rest of the
 * template allows. The query (`{?x,y}` then `{&z}`, which must end the template, a fragment aside)
 * matches in any order, with any of its variables left out and other parameters ignored; a
 * variable given twice does not match (and when the query may open with `&`, as `{?x}{&y}` does
 * with x undefined, a value before it holds no raw `&`). Values are percent-decoded: one that is
 * not valid UTF-8, or
 * that would escape a directory (see {@link UriTemplateOptions.allowTraversal}), does not match,
 * nor does a URI longer than 65,536 characters.
 *
 * @example
 * ```ts
 * const docs = new UriTemplate('repo://{owner}/docs/{+path}{?ref}');
 * docs.expand({ owner: 'acme', path: 'guide/intro é.md' });
 * //=> 'repo://acme/docs/guide/intro%20%C3%A9.md'
 * docs.match('repo://acme/docs/guide/intro%20%C3%A9.md?ref=v2');
 * //=> { owner: 'acme', path: 'guide/intro é.md', ref: 'v2' }
 * docs.match('repo://acme/docs/../secrets'); //=> undefined
 * ```
 */
export class UriTemplate<const T extends string = string> {
  /** The template, as given. */
  readonly template: T;
  /** The names of its variables, in the order they appear. */
  readonly variables: readonly string[];
  // Literals (already encoded) and expressions, for expand.
  readonly #parts: (string | readonly [Operator, readonly string[]])[] = [];
  readonly #tokens: Token[] = [];
  readonly #prefix: string;
  readonly #query = new Set<string>();
  readonly #allowTraversal: boolean;
  // Whether each variable ends at the first character it cannot hold, as the literal after it (or
  // the URI's end) starts with one: then one scan matches, without the table of `match`.
  readonly #greedy: boolean;

  /**
   * @param template - The template, e.g. `file:///{+path}`.
   * @param options - See {@link UriTemplateOptions}.
   * @throws Error naming the template and its problem when it is malformed.
   */
  constructor(template: T, options: UriTemplateOptions = {}) {
    this.template = template;
    this.#allowTraversal = options.allowTraversal ?? false;
    const fail = (problem: string): never => {
      throw new Error(`invalid URI template ${JSON.stringify(template)}: ${problem}`);
    };
    const variables: string[] = [];
    // 0 before the query, 1 inside it, 2 after it (only a fragment may follow a query).
    let query = 0;
    template.split(/(\{[^{}]*\})/).forEach((piece, index) => {
      if (index % 2 === 0) {
        if (piece === '') return;
        if (piece.includes('{')) fail('a { is never closed');
        if (piece.includes('}')) fail('a } has no {');
        if (query === 1 && piece[0] !== '#') fail('a query expression must end the template');
        if (query === 1) query = 2;
        const literal = encode(piece, true);
        this.#parts.push(literal);
        this.#tokens.push(literal);
        return;
      }
      const body = piece.slice(1, -1);
      if (/^[=,!@|]/.test(body)) fail(`the operator ${body[0]} in ${piece} is reserved`);
      const key = body[0] !== undefined && body[0] in OPERATORS ? body[0] : '';
      const names = body.slice(key.length).split(',');
      if (names.join('') === '') fail(`the expression ${piece} is empty`);
      for (const name of names) {
        if (/[:*]/.test(name)) fail(`${piece} uses a level 4 modifier (: or *)`);
        if (!VARNAME.test(name)) fail(`${JSON.stringify(name)} in ${piece} is not a variable name`);
        if (variables.includes(name)) fail(`the variable ${name} appears twice`);
        variables.push(name);
      }
      const operator = OPERATORS[key]!;
      this.#parts.push([operator, names]);
      const [first, separator, named, , , stop] = operator;
      if (key === '?' || key === '&') {
        if (query === 2 || (query === 1 && key === '?')) {
          fail(`${piece} cannot follow the query; continue it with {&...}`);
        }
        for (const name of names) this.#query.add(name);
        // `{?x}{&y}` expands to `&y=1` when x is undefined: the query may then open with `&`.
        const open = this.#tokens.at(-1) as { prefix: string };
        if (query === 0) this.#tokens.push({ name: '', stop, prefix: key });
        else if (open.prefix === '?') open.prefix = '?&';
        query = 1;
        return;
      }
      if (query === 1 && key !== '#') fail('a query expression must end the template');
      if (query === 1) query = 2;
      names.forEach((name, index) => {
        const literal = `${index === 0 ? first : separator}${named ? name : ''}`;
        if (literal !== '') this.#tokens.push(literal);
        this.#tokens.push({ name, stop, prefix: named ? '=' : '' });
      });
    });
    this.variables = variables;
    // A query that may open with `&` ends the value before it there, as expand encodes that `&`.
    const opensWithAmpersand = this.#tokens.some(
      (t) => typeof t !== 'string' && t.prefix.includes('&'),
    );
    for (const token of opensWithAmpersand ? this.#tokens : []) {
      if (typeof token !== 'string' && token.name !== '' && token.stop !== undefined)
        token.stop += '&';
    }
    this.#prefix = typeof this.#tokens[0] === 'string' ? this.#tokens[0] : '';
    this.#greedy = this.#tokens.every((token, i) => {
      const next = this.#tokens[i + 1];
      return (
        typeof token === 'string' ||
        (token.prefix === '' &&
          token.stop !== undefined &&
          (next === undefined || (typeof next === 'string' && token.stop.includes(next[0]!))))
      );
    });
  }

  /**
   * Read a URI's variables back, percent-decoded.
   *
   * @param uri - The URI, e.g. from `resources/read`.
   * @returns The variables, or `undefined` when the URI does not match the template.
   * @example
   * ```ts
   * new UriTemplate('test://template/{id}/data').match('test://template/123/data');
   * //=> { id: '123' }
   * ```
   */
  match(uri: string): TemplateVariables<T> | undefined {
    const length = uri.length;
    // Most templates start with a literal (the scheme): the cheap way to turn most URIs away.
    if (length > MAX_URI_LENGTH || !uri.startsWith(this.#prefix)) return undefined;
    const entries: [string, string][] = [];
    try {
      if (!(this.#greedy ? this.#scan(uri, entries) : this.#walk(uri, entries))) return undefined;
    } catch {
      return undefined; // malformed percent-encoding, or a query variable given twice
    }
    if (!this.#allowTraversal && entries.some(([, value]) => TRAVERSAL.test(value))) {
      return undefined;
    }
    const variables: Record<string, string> = {};
    for (const [name, value] of entries) {
      // Defined, not set, so that even a variable named __proto__ is plain data.
      if (name === '__proto__') {
        Object.defineProperty(variables, name, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else variables[name] = value;
    }
    return variables as TemplateVariables<T>;
  }

  // The variables of a greedy template (see #greedy), decoded, into `entries`: false when the URI
  // does not match.
  #scan(uri: string, entries: [string, string][]): boolean {
    let at = 0;
    for (const token of this.#tokens) {
      if (typeof token === 'string') {
        if (!uri.startsWith(token, at)) return false;
        at += token.length;
        continue;
      }
      // The first character it cannot hold, found by the engine rather than one by one.
      let end = uri.length;
      for (let i = 0; i < token.stop!.length; i++) {
        const found = uri.indexOf(token.stop![i]!, at);
        if (found >= 0 && found < end) end = found;
      }
      entries.push([token.name, decoded(uri.slice(at, end))]);
      at = end;
    }
    return at === uri.length;
  }

  // The variables of any template, decoded, into `entries`: false when the URI does not match.
  #walk(uri: string, entries: [string, string][]): boolean {
    const tokens = this.#tokens;
    const length = uri.length;
    const width = length + 1;
    const allowed = (stop: string | undefined, at: number) =>
      at < length && (stop === undefined || !stop.includes(uri[at]!));
    // Backwards first: done[i * width + at] = 1 when tokens i… match the URI from `at` to its end.
    // Then one walk forwards that never backtracks, as each step it takes leads to the end.
    const done = new Uint8Array((tokens.length + 1) * width);
    done[done.length - 1] = 1;
    for (let i = tokens.length - 1; i >= 0; i--) {
      const token = tokens[i]!;
      const next = (i + 1) * width;
      let run = 0; // a run of allowed characters from `at` reaches a position of `next`
      for (let at = length; at >= 0; at--) {
        let here: number;
        if (typeof token === 'string') {
          here = done[next + at + token.length] === 1 && uri.startsWith(token, at) ? 1 : 0;
        } else {
          const after = run;
          run = done[next + at] === 1 || (after === 1 && allowed(token.stop, at)) ? 1 : 0;
          here =
            token.prefix === '' || done[next + at] === 1
              ? run
              : after && +token.prefix.includes(uri[at]!);
        }
        done[i * width + at] = here;
      }
    }
    if (done[0] === 0) return false;
    let at = 0;
    tokens.forEach((token, i) => {
      if (typeof token === 'string') {
        at += token.length;
        return;
      }
      const next = (i + 1) * width;
      const start = at + Number(token.prefix !== '' && token.prefix.includes(uri[at]!));
      let end = -1;
      if (token.prefix === '' || start > at) {
        for (let to = start; end < 0 || token.stop !== undefined; to++) {
          if (done[next + to] === 1) end = to;
          if (!allowed(token.stop, to)) break;
        }
      }
      const raw = end < 0 ? undefined : uri.slice(start, end);
      at = end < 0 ? at : end;
      if (token.name !== '') entries.push([token.name, decoded(raw ?? '')]);
      for (const pair of raw === undefined || token.name !== '' ? [] : raw.split('&')) {
        const equals = pair.includes('=') ? pair.indexOf('=') : pair.length;
        const name = pair.slice(0, equals);
        if (!this.#query.has(name)) continue;
        if (entries.some(([seen]) => seen === name)) throw new Error('given twice');
        entries.push([name, decoded(pair.slice(equals + 1))]);
      }
    });
    return true;
  }

  /**
   * Fill the template in.
   *
   * @param values - A string for each variable; an undefined one is left out, as the RFC says.
   * @returns The URI.
   * @throws TypeError when a value is neither a string nor undefined, or is not valid Unicode.
   * @example
   * ```ts
   * new UriTemplate('search://{index}{?q,limit}').expand({ index: 'docs', q: 'a&b' });
   * //=> 'search://docs?q=a%26b'
   * ```
   */
  expand(values: TemplateVariables<T>): string {
    const given = values as Record<string, unknown>;
    let uri = '';
    for (const part of this.#parts) {
      if (typeof part === 'string') {
        uri += part;
        continue;
      }
      const [[first, separator, named, empty, reserved], names] = part;
      const items: string[] = [];
      for (const name of names) {
        const value = Object.hasOwn(given, name) ? given[name] : undefined;
        if (value === undefined || value === null) continue;
        if (typeof value !== 'string' || /\p{Cs}/u.test(value)) {
          throw new TypeError(`the value of ${name} in ${this.template} must be a Unicode string`);
        }
        const encoded = encode(value, reserved);
        items.push(named ? `${name}${encoded === '' ? empty : `=${encoded}`}` : encoded);
      }
      if (items.length > 0) uri += first + items.join(separator);
    }
    return uri;
  }
}
