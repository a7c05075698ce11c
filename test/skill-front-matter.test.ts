// SKILL.md's front matter: read from a file by skillFromFiles() as the subset of YAML this library
// reads, each value as YAML 1.2 reads it, and refused, with its line, where YAML versions differ or
// the subset ends; written by defineSkill() so that it reads back as the same JSON.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { defineSkill, type JsonValue, skillFromFiles } from '../src/index.js';

const read = (frontMatter: string) =>
  skillFromFiles({ 'SKILL.md': `---\nname: s\ndescription: d\n${frontMatter}---\nBody.\n` })
    .frontmatter as Record<string, unknown>;

const refusal = (frontMatter: string): string => {
  try {
    read(frontMatter);
  } catch (error) {
    assert.instance(error, TypeError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${frontMatter}`);
};

const reading = suite('front matter read from SKILL.md');

reading('plain, quoted and typed values, as YAML 1.2 reads them', () => {
  assert.equal(
    read(
      [
        'plain: Extract text, fill forms (and more)',
        'colon: a:b',
        'hash: a#b # a comment',
        "single: 'it''s: \"quoted\"'",
        'double: "tab\\there \\u00e9 \\"q\\""',
        'int: 42',
        'negative: -7',
        'float: 1.5e3',
        'hex: 0x1F',
        'octal: 0o17',
        'yes-bool: true',
        'no-bool: False',
        'nothing: ~',
        'empty:',
        'text-number: "1.0"',
        '"quoted key": 1',
        '',
      ].join('\n'),
    ),
    {
      name: 's',
      description: 'd',
      plain: 'Extract text, fill forms (and more)',
      colon: 'a:b',
      hash: 'a#b',
      single: 'it\'s: "quoted"',
      double: 'tab\there é "q"',
      int: 42,
      negative: -7,
      float: 1500,
      hex: 31,
      octal: 15,
      'yes-bool': true,
      'no-bool': false,
      nothing: null,
      empty: null,
      'text-number': '1.0',
      'quoted key': 1,
    },
  );
});

reading('nested mappings, lists, JSON flow collections, comments and blank lines', () => {
  assert.equal(
    read(
      [
        '# who owns it',
        'owner:',
        '  team: docs-team',
        '',
        '  nested:',
        '    deep: "yes"',
        'allowed-tools:',
        '  - Read',
        '  - "Bash(git:*)"',
        'flow: ["a", {"b": [1, 2]}]',
        'object: {}',
        '',
      ].join('\n'),
    ),
    {
      name: 's',
      description: 'd',
      owner: { team: 'docs-team', nested: { deep: 'yes' } },
      'allowed-tools': ['Read', 'Bash(git:*)'],
      flow: ['a', { b: [1, 2] }],
      object: {},
    },
  );
});

reading('| keeps lines, > folds them; -, + and the default chomp the end', () => {
  const body = ['  first', '    indented', '', '  last', '', ''];
  assert.equal(
    read(['literal: |', ...body, 'z: 1', ''].join('\n')).literal,
    'first\n  indented\n\nlast\n',
  );
  assert.equal(
    read(['strip: |-', ...body, 'z: 1', ''].join('\n')).strip,
    'first\n  indented\n\nlast',
  );
  assert.equal(
    read(['keep: |+', ...body, 'z: 1', ''].join('\n')).keep,
    'first\n  indented\n\nlast\n\n\n',
  );
  assert.equal(
    read(['folded: >', '  one', '  two', '', '  three', 'z: 1', ''].join('\n')).folded,
    'one two\nthree\n',
  );
  assert.equal(
    read(['folded: >-', '  one', '  two', '', '', '  three', ''].join('\n')).folded,
    'one two\n\nthree',
  );
});

reading('CRLF line ends, and the body after the front matter', () => {
  const skill = skillFromFiles({
    'SKILL.md': '---\r\nname: s\r\ndescription: d\r\n---\r\n# Body\r\n',
  });
  assert.equal(skill.frontmatter, { name: 's', description: 'd' });
  assert.is(skill.files.get('SKILL.md'), '---\r\nname: s\r\ndescription: d\r\n---\r\n# Body\r\n');
});

reading('what YAML versions read differently is refused: quote it', () => {
  for (const value of [
    'yes',
    'No',
    'on',
    'OFF',
    'y',
    '010',
    '1_000',
    '2026-01-31',
    '1:30',
    '.inf',
    '0b101',
  ]) {
    assert.is(
      refusal(`v: ${value}\n`),
      `skillFromFiles: SKILL.md: front matter line 4: YAML versions read ${JSON.stringify(value)} differently: quote it`,
    );
  }
});

reading('what falls outside the subset is refused, with its line', () => {
  const cases: [string, string][] = [
    ['v: a: b\n', 'front matter line 4: quote the value "a: b"'],
    ['v: &anchor x\n', 'front matter line 4: quote the value "&anchor x"'],
    [
      'v: one\n  two\n',
      'front matter line 5: a value goes on one line; for several, use `|` or `>`',
    ],
    ['v: "open\n', 'front matter line 4: a double-quoted value must end on its line'],
    ["v: 'open\n", 'front matter line 4: a single-quoted value must end on its line'],
    ['v: "a" b\n', 'front matter line 4: nothing may follow a quoted value but a comment'],
    ['v: "\\x41"\n', 'front matter line 4: use only the escapes JSON has in a double-quoted value'],
    [
      'v: [a, b]\n',
      'front matter line 4: a flow collection is read only as JSON; write it as a block instead',
    ],
    ['v: 1\nv: 2\n', 'front matter line 5: the key v is given twice'],
    [
      'v:\n  - a: 1\n',
      'front matter line 5: a mapping in a list is read only as JSON: `- {"a": 1}`',
    ],
    ['v:\n  - a\n  b: 1\n', 'front matter line 6: expected `- item`'],
    ['v:\n\t- a\n', 'front matter line 5: indent with spaces, not tabs'],
    [
      'v:\n  a: 1\n    b: 2\n',
      'front matter line 6: a value goes on one line; for several, use `|` or `>`',
    ],
    ['just text\n', 'front matter line 4: expected `key: value`'],
    [
      'v:\n  a:\n    b: 1\n   c: 2\n',
      'front matter line 7: this line is indented more than the ones before',
    ],
    ['v: >\n  a\n    b\n', 'front matter line 6: use `|` for lines indented further'],
  ];
  for (const [frontMatter, problem] of cases) {
    assert.is(refusal(frontMatter), `skillFromFiles: SKILL.md: ${problem}`);
  }
  // Empty front matter has no name.
  assert.throws(
    () => skillFromFiles({ 'SKILL.md': '---\n---\nBody.' }),
    /^skillFromFiles\(\): name must be 1 to 64/,
  );
});

const writing = suite('front matter written by defineSkill()');

writing('reads back as the same JSON, quoted only where a plain value would not', () => {
  const frontmatter: Record<string, JsonValue> = {
    colon: 'Note: this',
    leading: ' space',
    dash: '- item',
    hash: 'a #b',
    number: '1.0',
    bool: 'true',
    ambiguous: 'yes',
    date: '2026-01-31',
    lines: 'one\ntwo',
    separator: 'a\u2028b',
    unicode: 'café ☕',
    quote: '"q"',
    empty: '',
    count: 3,
    ratio: 0.5,
    flag: false,
    none: null,
    list: ['a', 1, { k: 'v: w' }],
    nested: { 'a key': { deep: 'x' }, '1': 'one', y: 'n' },
    blank: {},
  };
  const skill = defineSkill({
    name: 'round-trip',
    description: 'Every kind of value: "quoted", plain, and typed.',
    metadata: { version: '2.0' },
    frontmatter,
    instructions: 'Body.',
  });
  const text = skill.files.get('SKILL.md') as string;
  assert.match(
    text,
    /^---\nname: round-trip\ndescription: "Every kind of value: \\"quoted\\", plain, and typed."\nmetadata:\n {2}version: "2.0"\n/,
  );
  assert.match(text, /\nunicode: café ☕\n/);
  assert.match(text, /\nseparator: "a\\u2028b"\n/);
  assert.ok(text.endsWith('---\n\nBody.'));
  const again = skillFromFiles({ 'SKILL.md': text });
  assert.equal(again.frontmatter, skill.frontmatter);
  assert.equal(again.frontmatter, {
    name: 'round-trip',
    description: 'Every kind of value: "quoted", plain, and typed.',
    metadata: { version: '2.0' },
    ...frontmatter,
  });
});

for (const run of [reading, writing]) run.run();
