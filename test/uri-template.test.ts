// URI templates: the RFC 6570 examples of levels 1 to 3, match as the inverse of expand (property
// tests, seeded), non-matches, decoding, traversal, malformed templates, and matching in linear time.
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { UriTemplate } from '../src/index.js';

const SEED = 20261130;

// The variables of RFC 6570 §3.2 that levels 1 to 3 can use (lists and maps are level 4).
const RFC_VALUES: Record<string, string> = {
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  // `undef` is absent: undefined.
};

const expansion = suite('expand: the RFC 6570 examples');

const EXAMPLES: [string, string][] = [
  // §1.2, level 1
  ['{var}', 'value'],
  ['{hello}', 'Hello%20World%21'],
  // §1.2, level 2
  ['{+var}', 'value'],
  ['{+hello}', 'Hello%20World!'],
  ['{+path}/here', '/foo/bar/here'],
  ['here?ref={+path}', 'here?ref=/foo/bar'],
  ['X{#var}', 'X#value'],
  ['X{#hello}', 'X#Hello%20World!'],
  // §1.2, level 3
  ['map?{x,y}', 'map?1024,768'],
  ['{x,hello,y}', '1024,Hello%20World%21,768'],
  ['{+x,hello,y}', '1024,Hello%20World!,768'],
  ['{+path,x}/here', '/foo/bar,1024/here'],
  ['{#x,hello,y}', '#1024,Hello%20World!,768'],
  ['{#path,x}/here', '#/foo/bar,1024/here'],
  ['X{.var}', 'X.value'],
  ['X{.x,y}', 'X.1024.768'],
  ['{/var}', '/value'],
  ['{/var,x}/here', '/value/1024/here'],
  ['{;x,y}', ';x=1024;y=768'],
  ['{;x,y,empty}', ';x=1024;y=768;empty'],
  ['{?x,y}', '?x=1024&y=768'],
  ['{?x,y,empty}', '?x=1024&y=768&empty='],
  ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
  ['{&x,y,empty}', '&x=1024&y=768&empty='],
  // §3.2.2, simple
  ['{half}', '50%25'],
  ['O{empty}X', 'OX'],
  ['O{undef}X', 'OX'],
  ['?{x,empty}', '?1024,'],
  ['?{x,undef}', '?1024'],
  ['?{undef,y}', '?768'],
  // §3.2.3, reserved
  ['{+half}', '50%25'],
  ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
  ['{+base}index', 'http://example.com/home/index'],
  ['O{+empty}X', 'OX'],
  ['O{+undef}X', 'OX'],
  ['up{+path}{var}/here', 'up/foo/barvalue/here'],
  // §3.2.4, fragment
  ['{#half}', '#50%25'],
  ['foo{#empty}', 'foo#'],
  ['foo{#undef}', 'foo'],
  // §3.2.5, label
  ['{.who}', '.fred'],
  ['{.half,who}', '.50%25.fred'],
  ['X{.empty}', 'X.'],
  ['X{.undef}', 'X'],
  // §3.2.6, path segments
  ['{/who}', '/fred'],
  ['{/half,who}', '/50%25/fred'],
  ['{/who,dub}', '/fred/me%2Ftoo'],
  ['{/var,empty}', '/value/'],
  ['{/var,undef}', '/value'],
  // §3.2.7, path-style parameters
  ['{;who}', ';who=fred'],
  ['{;half}', ';half=50%25'],
  ['{;empty}', ';empty'],
  ['{;v,empty,who}', ';v=6;empty;who=fred'],
  ['{;v,bar,who}', ';v=6;who=fred'],
  ['{;x,y,undef}', ';x=1024;y=768'],
  // §3.2.8, query
  ['{?who}', '?who=fred'],
  ['{?half}', '?half=50%25'],
  ['{?x,y,undef}', '?x=1024&y=768'],
  // §3.2.9, query continuation
  ['{&who}', '&who=fred'],
  ['{&half}', '&half=50%25'],
];

for (const [template, expected] of EXAMPLES) {
  expansion(template, () => {
    assert.is(new UriTemplate(template).expand(RFC_VALUES), expected);
  });
}

expansion('UTF-8, percent-encoded; reserved expansion keeps triplets but encodes a lone %', () => {
  const template = new UriTemplate('x:{a}/{+b}');
  assert.is(
    template.expand({ a: 'é😀 ', b: '%41%4g[]é' }),
    'x:%C3%A9%F0%9F%98%80%20/%41%254g[]%C3%A9',
  );
  assert.is(template.expand({ a: "!'()*", b: "!'()*" }), "x:%21%27%28%29%2A/!'()*");
});

expansion('literals the URI cannot hold are encoded, in expand and in match', () => {
  const template = new UriTemplate('x://a b/é/{id}');
  assert.is(template.expand({ id: '1' }), 'x://a%20b/%C3%A9/1');
  assert.equal(template.match('x://a%20b/%C3%A9/1'), { id: '1' });
  assert.is(template.match('x://a b/é/1'), undefined);
});

expansion('null is undefined; a value that is not a string, or not Unicode, is refused', () => {
  const template = new UriTemplate('x:{a}{?b}');
  assert.is(template.expand({ a: null, b: 'y' } as never), 'x:?b=y');
  assert.throws(
    () => template.expand({ a: 42 } as never),
    (error: Error) =>
      error instanceof TypeError &&
      error.message === 'the value of a in x:{a}{?b} must be a Unicode string',
  );
  assert.throws(() => template.expand({ a: '\uD800' }), TypeError);
  // Only own properties are variables: a name that Object.prototype has is still undefined.
  assert.is(new UriTemplate('x:{toString}').expand({} as never), 'x:');
});

expansion.run();

const matching = suite('match');

matching('the conformance template; variables in order', () => {
  const template = new UriTemplate('test://template/{id}/data');
  assert.equal(template.match('test://template/123/data'), { id: '123' });
  assert.equal(template.variables, ['id']);
  assert.equal(new UriTemplate('a{b}{+c}{#d}{.e}{/f}{;g}{?h}{&i}').variables, [...'bcdefghi']);
  assert.is(template.template, 'test://template/{id}/data');
});

matching('values are percent-decoded as UTF-8; + stays a plus', () => {
  const template = new UriTemplate('docs://{lang}/{+path}');
  assert.equal(template.match('docs://fr%20CA/a/%C3%A9t%C3%A9%F0%9F%98%80+x.md'), {
    lang: 'fr CA',
    path: 'a/été😀+x.md',
  });
  // An encoded slash is a value's slash, not a separator.
  assert.equal(template.match('docs://a%2Fb/c'), { lang: 'a/b', path: 'c' });
});

matching('non-matches', () => {
  const template = new UriTemplate('test://template/{id}/data');
  for (const uri of [
    'test://template/1/2/data', // a simple variable does not span /
    'test://template/1?/data',
    'test://template/1#/data',
    'test://template/1,2/data',
    'test://template/123/data?x=1', // the template has no query
    'test://template/123/dat',
    'TEST://template/123/data',
    'other://template/123/data',
    '',
  ]) {
    assert.is(template.match(uri), undefined, uri);
  }
  // An empty value is what expanding "" gives.
  assert.equal(template.match('test://template//data'), { id: '' });
});

matching('malformed percent-encoding or UTF-8 does not match', () => {
  const template = new UriTemplate('x://{a}/{+b}');
  for (const uri of [
    'x://%zz/b',
    'x://a/%',
    'x://a/%4',
    'x://%FF/b',
    'x://a/%C3',
    'x://%ED%A0%80/b',
  ]) {
    assert.is(template.match(uri), undefined, uri);
  }
});

matching('{+var} spans / and takes as little as the rest allows; a simple one as much', () => {
  assert.equal(new UriTemplate('f://{+dir}/{name}').match('f://a/b/c.txt'), {
    dir: 'a/b',
    name: 'c.txt',
  });
  assert.equal(new UriTemplate('f://{name}.{ext}').match('f://a.tar.gz'), {
    name: 'a.tar',
    ext: 'gz',
  });
  assert.equal(new UriTemplate('f://{+a}/{+b}').match('f://x/y/z'), { a: 'x', b: 'y/z' });
  // With no query in the template, a reserved variable takes the query too.
  assert.equal(new UriTemplate('f://{+url}').match('f://h/p?q=1#top'), { url: 'h/p?q=1#top' });
  assert.equal(new UriTemplate('f://{x,y}').match('f://1,2'), { x: '1', y: '2' });
  assert.equal(new UriTemplate('f://{#frag}').match('f://#a/b?c'), { frag: 'a/b?c' });
  assert.equal(new UriTemplate('f://h{.x,y}{/z}').match('f://h.a.b/c'), { x: 'a', y: 'b', z: 'c' });
});

matching('path-style parameters: with or without a value, never another name', () => {
  const template = new UriTemplate('m://map{;x,y}');
  assert.equal(template.match('m://map;x=1;y=2'), { x: '1', y: '2' });
  assert.equal(template.match('m://map;x;y='), { x: '', y: '' });
  assert.is(template.match('m://map;x=1;z=2'), undefined);
  assert.is(template.match('m://map;xy=1;y=2'), undefined);
  assert.is(template.match('m://map;x=1'), undefined);
});

matching('the query: any order, any subset, other parameters ignored, none twice', () => {
  const template = new UriTemplate('search://{index}{?q,limit}{&page}');
  assert.equal(template.match('search://docs'), { index: 'docs' });
  assert.equal(template.match('search://docs?'), { index: 'docs' });
  assert.equal(template.match('search://docs?page=2&utm=x&q=a%26b%3Dc&&limit'), {
    index: 'docs',
    page: '2',
    q: 'a&b=c',
    limit: '',
  });
  assert.equal(template.match('search://docs?q=&limit=10'), { index: 'docs', q: '', limit: '10' });
  assert.is(template.match('search://docs?q=1&q=2'), undefined);
  // What `{?q,limit}{&page}` gives when q and limit are undefined.
  assert.equal(template.match('search://docs&page=3'), { index: 'docs', page: '3' });
  // Without a {&...}, an & opens no query: it is the value's.
  assert.equal(new UriTemplate('search://{index}{?q}').match('search://docs&q=1'), {
    index: 'docs&q=1',
  });
  assert.is(template.match('search://docs?q=%E0'), undefined);
  // A parameter the template does not name is ignored even when malformed.
  assert.equal(template.match('search://docs?x=%zz'), { index: 'docs' });
  // Names are compared as written.
  assert.equal(template.match('search://docs?Q=1'), { index: 'docs' });
});

matching('a query continued after a literal one; then a fragment', () => {
  const template = new UriTemplate('f://list?fixed=yes{&x}{#frag}');
  assert.equal(template.match('f://list?fixed=yes&x=1#top'), { x: '1', frag: 'top' });
  assert.equal(template.match('f://list?fixed=yes#'), { frag: '' });
  // A fragment expression is not optional: `{#frag}` always expands to at least `#`.
  assert.is(template.match('f://list?fixed=yes'), undefined);
  assert.is(template.match('f://list?x=1'), undefined);
  // A query opened by a literal ? goes on with & only.
  assert.is(
    new UriTemplate('f://list?fixed=yes{&x}{&y}').match('f://list?fixed=yes?x=1'),
    undefined,
  );
  const fixed = new UriTemplate('f://p{?x}#top');
  assert.equal(fixed.match('f://p?x=1#top'), { x: '1' });
  assert.is(fixed.match('f://p?x=1'), undefined);
});

matching('{+path} before a query: the query is the query’s', () => {
  const template = new UriTemplate('repo://docs/{+path}{?ref}');
  assert.equal(template.match('repo://docs/a/b.md?ref=main'), { path: 'a/b.md', ref: 'main' });
  assert.equal(template.match('repo://docs/a/b.md?other=1'), { path: 'a/b.md' });
});

matching('a variable named __proto__ is an own property', () => {
  const found = new UriTemplate('p://{__proto__}').match('p://x');
  assert.equal(Object.keys(found ?? {}), ['__proto__']);
  assert.is(Object.getPrototypeOf(found), Object.prototype);
});

matching('a URI over 65,536 characters does not match', () => {
  const template = new UriTemplate('b://{+key}');
  assert.equal(template.match(`b://${'k'.repeat(65532)}`), { key: 'k'.repeat(65532) });
  assert.is(template.match(`b://${'k'.repeat(65533)}`), undefined);
});

matching('linear time: ambiguous templates on URIs built to make a regex backtrack', () => {
  // As regular expressions, these take minutes (the first one over three at 8 KiB).
  for (const [template, fill] of [
    ['x://{a}-{b}-{c}', '-'],
    ['x://{+a}{+b}{+c}!', '/'],
    ['x://{+a}/{+b}/z', '/'],
  ] as const) {
    const uri = `x://${fill.repeat(65530)}/`;
    const started = performance.now();
    assert.is(new UriTemplate(template).match(uri), undefined);
    assert.ok(performance.now() - started < 5000, template);
  }
});

matching.run();

const traversal = suite('match: traversal');

traversal('a value with a .. segment, a NUL, a leading / or \\, or a drive does not match', () => {
  const files = new UriTemplate('file:///srv/{+path}');
  const item = new UriTemplate('item://{id}/raw');
  const search = new UriTemplate('s://x{?q}');
  for (const [template, uri] of [
    [files, 'file:///srv/../etc/passwd'],
    [files, 'file:///srv/a/../../etc'],
    [files, 'file:///srv/a/..'],
    [files, 'file:///srv/%2E%2E/etc'],
    [files, 'file:///srv/a/%2e%2e%2Fb'],
    [files, 'file:///srv/..%5Cwindows'],
    [files, 'file:///srv/a%00.txt'],
    [files, 'file:///srv//etc/passwd'],
    [files, 'file:///srv/%5Cserver'],
    [item, 'item://../raw'],
    [item, 'item://%2E%2E/raw'],
    [item, 'item://%2Fetc/raw'],
    [search, 's://x?q=../x'],
    // Windows: a drive, absolute or drive-relative, and UNC, as they are or percent-encoded.
    [files, 'file:///srv/C:%5Cwindows'],
    [files, 'file:///srv/C:/windows'],
    [files, 'file:///srv/D:x'],
    [files, 'file:///srv/a/c:/b'],
    [files, 'file:///srv/a%5CC:%5Cb'],
    [files, 'file:///srv/C%3A%5Cwindows'],
    [files, 'file:///srv/%43%3a%2fwindows'],
    [files, 'file:///srv/%5C%5Chost%5Cshare'],
    [files, 'file:///srv///host/share'],
    [files, 'file:///srv/%2F%2Fhost%2Fshare'],
    [item, 'item://C:/raw'],
    [item, 'item://z%3A/raw'],
    [search, 's://x?q=C:%5Cx'],
  ] as const) {
    assert.is(template.match(uri), undefined, uri);
  }
  // Dots that are not a whole segment are names.
  assert.equal(files.match('file:///srv/a..b/.hidden/...'), { path: 'a..b/.hidden/...' });
  assert.equal(files.match('file:///srv/./a'), { path: './a' });
  // A colon that does not follow a lone letter at a segment's start is a name's.
  assert.equal(files.match('file:///srv/ab:c/xy:z/1:2'), { path: 'ab:c/xy:z/1:2' });
  assert.equal(item.match('item://urn:isbn:1/raw'), { id: 'urn:isbn:1' });
});

traversal('allowTraversal: true lets them through, decoded', () => {
  const files = new UriTemplate('file:///srv/{+path}', { allowTraversal: true });
  assert.equal(files.match('file:///srv/%2E%2E/a%00'), { path: '../a\0' });
  assert.equal(files.match('file:///srv//etc'), { path: '/etc' });
  // Malformed encoding still does not match.
  assert.is(files.match('file:///srv/%'), undefined);
});

traversal.run();

const malformed = suite('malformed templates');

for (const [template, problem] of [
  ['x://{id', 'a { is never closed'],
  ['x://{a{b}', 'a { is never closed'],
  ['x://id}', 'a } has no {'],
  ['x://{}', 'the expression {} is empty'],
  ['x://{+}', 'the expression {+} is empty'],
  ['x://{x,}', '"" in {x,} is not a variable name'],
  ['x://{a b}', '"a b" in {a b} is not a variable name'],
  ['x://{a-b}', '"a-b" in {a-b} is not a variable name'],
  ['x://{a..b}', '"a..b" in {a..b} is not a variable name'],
  ['x://{%zz}', '"%zz" in {%zz} is not a variable name'],
  ['x://{var:3}', '{var:3} uses a level 4 modifier (: or *)'],
  ['x://{/list*}', '{/list*} uses a level 4 modifier (: or *)'],
  ['x://{=x}', 'the operator = in {=x} is reserved'],
  ['x://{,x}', 'the operator , in {,x} is reserved'],
  ['x://{!x}', 'the operator ! in {!x} is reserved'],
  ['x://{@x}', 'the operator @ in {@x} is reserved'],
  ['x://{|x}', 'the operator | in {|x} is reserved'],
  ['x://{x}/{y}/{x}', 'the variable x appears twice'],
  ['x://{?q}/path', 'a query expression must end the template'],
  ['x://{?q}{/p}', 'a query expression must end the template'],
  ['x://{?a}{?b}', '{?b} cannot follow the query; continue it with {&...}'],
  ['x://{?a}#top{&b}', '{&b} cannot follow the query; continue it with {&...}'],
] as const) {
  malformed(template, () => {
    assert.throws(
      () => new UriTemplate(template),
      (error: Error) =>
        error.message === `invalid URI template ${JSON.stringify(template)}: ${problem}`,
    );
  });
}

malformed('the names the RFC allows: letters, digits, _, pct-encoded, dotted', () => {
  const template = new UriTemplate('x://{a_1.b}/{%41z}');
  assert.equal(template.variables, ['a_1.b', '%41z']);
  assert.equal(template.match('x://1/2'), { 'a_1.b': '1', '%41z': '2' });
});

malformed.run();

const roundTrip = suite('match(expand(values)) gives the values back');

const anyString = fc.string({ unit: 'binary', maxLength: 24 });
// A reserved expansion passes pct-encoded triplets through, so "%41" expands to what "A" does.
const reservedString = anyString.filter((value) => !/%[\dA-Fa-f]{2}/.test(value));
const optional = (value: fc.Arbitrary<string>) => fc.option(value, { nil: undefined });

function roundTrips<T extends string>(
  template: UriTemplate<T>,
  values: fc.Arbitrary<Record<string, string | undefined>>,
) {
  fc.assert(
    fc.property(values, (given) => {
      const defined = Object.fromEntries(
        Object.entries(given).filter(([, value]) => value !== undefined),
      );
      assert.equal(template.match(template.expand(defined as never)), defined);
    }),
    { seed: SEED, numRuns: 300 },
  );
}

roundTrip('simple, in the conformance template', () => {
  roundTrips(
    new UriTemplate('test://template/{id}/data', { allowTraversal: true }),
    fc.record({ id: anyString }),
  );
});

roundTrip('reserved, then an optional query', () => {
  roundTrips(
    new UriTemplate('repo://{owner}/docs/{+path}{?ref,at}', { allowTraversal: true }),
    fc.record({
      owner: anyString,
      path: reservedString.filter((value) => !value.includes('?')),
      ref: optional(anyString),
      at: optional(anyString),
    }),
  );
});

roundTrip('every operator of level 3 in one template', () => {
  roundTrips(
    new UriTemplate('x://{a},{b}/k{.c}{/d,e}{;f,g}{?h}{&i}{#j}', { allowTraversal: true }),
    fc.record({
      a: anyString,
      b: anyString,
      c: anyString,
      d: anyString,
      e: anyString,
      f: anyString,
      g: anyString,
      h: optional(anyString),
      i: optional(anyString),
      j: reservedString,
    }),
  );
});

roundTrip('with the traversal check: a value matches unless it could escape a directory', () => {
  const template = new UriTemplate('file:///srv/{+path}');
  const pathLike = fc
    .array(fc.constantFrom('a', '.', '..', '', '\\', '\0', 'é', 'C:', 'a:'), { maxLength: 6 })
    .map((parts) => parts.join('/'));
  fc.assert(
    fc.property(pathLike, (path) => {
      const unsafe =
        path.includes('\0') ||
        path.startsWith('/') ||
        path.startsWith('\\') ||
        path.split(/[/\\]/).some((part) => part === '..' || /^[A-Za-z]:/.test(part));
      const found = template.match(template.expand({ path }));
      assert.equal(found, unsafe ? undefined : { path });
    }),
    { seed: SEED, numRuns: 300 },
  );
});

roundTrip.run();
