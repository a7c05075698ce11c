// The Skills extension (io.modelcontextprotocol/skills) through handle() and the test client:
// server/discover, skills/list and skills/get with each file's digest and size, paging and cache
// hints, the skills' files read as resources, resources/directory/read, and every mistake refused
// where the skill is defined.
import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  defineSkill,
  MCPServerBase,
  type Skill,
  skillFromFiles,
  skillsIn,
  templatesByUriTemplate,
} from '../src/index.js';
import { type ResponseError, TestClient } from '../src/testing.js';

const EXT = 'io.modelcontextprotocol/skills';
const V = '2026-07-28';

const sha256 = (bytes: string | Uint8Array) =>
  `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

const PIXEL = new Uint8Array([137, 80, 78, 71, 0, 255]);

const releaseNotes = defineSkill({
  name: 'release-notes',
  description: 'Write the release notes of a version: from its merged changes.',
  license: 'MIT',
  metadata: { author: 'docs-team', version: '1.0' },
  frontmatter: { tags: ['docs', 'release'] },
  instructions: '# Release notes\n\nFill in `templates/notes.md`.\n',
  files: { 'templates/notes.md': '## {version}\n', 'templates/logo.png': PIXEL },
});

const RELEASE_NOTES_MD = `---
name: release-notes
description: "Write the release notes of a version: from its merged changes."
license: MIT
metadata:
  author: docs-team
  version: "1.0"
tags: ["docs", "release"]
---

# Release notes

Fill in \`templates/notes.md\`.
`;

const REFUNDS_MD = `---
name: refunds
description: >-
  Process a customer's refund
  by the company's policy.
metadata:
  team: billing
---
Check the order, then refund it.
`;

const refunds = skillFromFiles(
  { 'SKILL.md': REFUNDS_MD, 'examples/email.md': 'Dear customer,' },
  { path: 'acme/billing' },
);

class SkillsServer extends MCPServerBase {
  readonly name = 'skills-test';
  serverInfo() {
    return { version: '1.0.0' };
  }
  override readonly resourceTemplates;
  constructor(skills = skillsIn([releaseNotes, refunds], { directoryRead: true })) {
    super();
    this.resourceTemplates = templatesByUriTemplate(skills);
  }
}

const modern = (server: MCPServerBase = new SkillsServer()) =>
  new TestClient(server, { protocolVersion: V });

async function refusal(promise: Promise<unknown>): Promise<ResponseError> {
  try {
    await promise;
  } catch (error) {
    return error as ResponseError;
  }
  throw new Error('it was answered');
}

const thrown = (make: () => unknown): string => {
  try {
    make();
  } catch (error) {
    assert.instance(error, TypeError);
    return (error as Error).message;
  }
  throw new Error('nothing was thrown');
};

const RELEASE_NOTES_ENTRY = {
  uri: 'skill://release-notes/SKILL.md',
  frontmatter: {
    name: 'release-notes',
    description: 'Write the release notes of a version: from its merged changes.',
    license: 'MIT',
    metadata: { author: 'docs-team', version: '1.0' },
    tags: ['docs', 'release'],
  },
  resources: [
    {
      uri: 'skill://release-notes/SKILL.md',
      digest: sha256(RELEASE_NOTES_MD),
      size: Buffer.byteLength(RELEASE_NOTES_MD),
    },
    {
      uri: 'skill://release-notes/templates/notes.md',
      digest: sha256('## {version}\n'),
      size: 13,
    },
    { uri: 'skill://release-notes/templates/logo.png', digest: sha256(PIXEL), size: 6 },
  ],
};

const REFUNDS_ENTRY = {
  uri: 'skill://acme/billing/refunds/SKILL.md',
  frontmatter: {
    name: 'refunds',
    description: "Process a customer's refund by the company's policy.",
    metadata: { team: 'billing' },
  },
  resources: [
    {
      uri: 'skill://acme/billing/refunds/SKILL.md',
      digest: sha256(REFUNDS_MD),
      size: Buffer.byteLength(REFUNDS_MD),
    },
    {
      uri: 'skill://acme/billing/refunds/examples/email.md',
      digest: sha256('Dear customer,'),
      size: 14,
    },
  ],
};

const discovery = suite('skills: server/discover');

discovery('lists the extension, directoryRead, and the resources capability', async () => {
  const { capabilities } = (await modern().discover()) as any;
  assert.equal(capabilities.extensions, { [EXT]: { directoryRead: true } });
  assert.equal(capabilities.resources, {});
});

discovery('without directoryRead, an empty object; without skills, nothing', async () => {
  const plain = (await modern(new SkillsServer(skillsIn([releaseNotes]))).discover()) as any;
  assert.equal(plain.capabilities.extensions, { [EXT]: {} });
  class Bare extends MCPServerBase {
    readonly name = 'bare';
    serverInfo() {
      return { version: '1.0.0' };
    }
  }
  const bare = (await modern(new Bare()).discover()) as any;
  assert.is(bare.capabilities.extensions, undefined);
});

const listing = suite('skills: skills/list and skills/get');

listing(
  'skills/list gives each skill its front matter and every file’s digest and size',
  async () => {
    const result = await modern().request<any>('skills/list');
    assert.equal(result, {
      resultType: 'complete',
      ttlMs: 300_000,
      cacheScope: 'public',
      skills: [RELEASE_NOTES_ENTRY, REFUNDS_ENTRY],
      _meta: result._meta,
    });
  },
);

listing('the SKILL.md written from code is the one read, and its front matter', async () => {
  const client = modern();
  const read = await client.readResource('skill://release-notes/SKILL.md');
  assert.equal(read.contents, [
    { uri: 'skill://release-notes/SKILL.md', mimeType: 'text/markdown', text: RELEASE_NOTES_MD },
  ]);
  assert.is(releaseNotes.files.get('SKILL.md'), RELEASE_NOTES_MD);
  const bytes = await client.readResource('skill://release-notes/templates/logo.png');
  assert.equal(bytes.contents, [
    {
      uri: 'skill://release-notes/templates/logo.png',
      mimeType: 'image/png',
      blob: Buffer.from(PIXEL).toString('base64'),
    },
  ]);
  const refundsMd = await client.readResource('skill://acme/billing/refunds/SKILL.md');
  assert.equal(refundsMd.contents, [
    { uri: 'skill://acme/billing/refunds/SKILL.md', mimeType: 'text/markdown', text: REFUNDS_MD },
  ]);
});

listing('resources/list lists each SKILL.md with its name, description and size', async () => {
  assert.equal(await modern().listResources(), [
    {
      uri: 'skill://release-notes/SKILL.md',
      name: 'release-notes',
      description: 'Write the release notes of a version: from its merged changes.',
      mimeType: 'text/markdown',
      size: Buffer.byteLength(RELEASE_NOTES_MD),
    },
    {
      uri: 'skill://acme/billing/refunds/SKILL.md',
      name: 'refunds',
      description: "Process a customer's refund by the company's policy.",
      mimeType: 'text/markdown',
      size: Buffer.byteLength(REFUNDS_MD),
    },
  ]);
});

listing('skills/get answers one skill, without a cursor, with the cache hint', async () => {
  const result = await modern().request<any>('skills/get', { uri: REFUNDS_ENTRY.uri });
  assert.equal(result, {
    resultType: 'complete',
    ttlMs: 300_000,
    cacheScope: 'public',
    skill: REFUNDS_ENTRY,
    _meta: result._meta,
  });
});

listing('skills/get of a skill not served, or of no string, is -32602', async () => {
  const uri = 'skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md';
  const unknown = await refusal(modern().request<any>('skills/get', { uri }));
  assert.equal(
    { code: unknown.code, message: unknown.message, data: unknown.data },
    { code: -32602, message: 'No skill is served at this URI.', data: { uri } },
  );
  // A file of a skill is not a skill.
  const file = await refusal(
    modern().request<any>('skills/get', { uri: 'skill://release-notes/templates/notes.md' }),
  );
  assert.is(file.code, -32602);
  const none = await refusal(modern().request<any>('skills/get', { uri: 7 }));
  assert.equal(
    { code: none.code, message: none.message },
    {
      code: -32602,
      message: 'uri must be a string.',
    },
  );
});

listing(
  'skills/list pages by the server’s pageSize, and refuses a cursor it did not give',
  async () => {
    class Paged extends SkillsServer {
      override readonly pageSize = 1;
    }
    const client = modern(new Paged());
    const first = await client.request<any>('skills/list');
    assert.equal(first.skills, [RELEASE_NOTES_ENTRY]);
    assert.type(first.nextCursor, 'string');
    const second = await client.request<any>('skills/list', { cursor: first.nextCursor });
    assert.equal(second.skills, [REFUNDS_ENTRY]);
    assert.is(second.nextCursor, undefined);
    const forged = await refusal(
      client.request<any>('skills/list', { cursor: 'MTAwLnNraWxscy54' }),
    );
    assert.equal(
      { code: forged.code, message: forged.message },
      {
        code: -32602,
        message: 'Invalid cursor.',
      },
    );
  },
);

listing('the cache hint is the one skillsIn() was given, on the lists and the reads', async () => {
  const cache = { ttlMs: 10_000, cacheScope: 'private' } as const;
  const client = modern(new SkillsServer(skillsIn([releaseNotes], { cache })));
  const list = await client.request<any>('skills/list');
  assert.equal([list.ttlMs, list.cacheScope], [10_000, 'private']);
  const got = await client.request<any>('skills/get', { uri: RELEASE_NOTES_ENTRY.uri });
  assert.equal([got.ttlMs, got.cacheScope], [10_000, 'private']);
  const read = await client.request<any>('resources/read', { uri: RELEASE_NOTES_ENTRY.uri });
  assert.equal([read.ttlMs, read.cacheScope], [10_000, 'private']);
});

listing('the handshake era has no skills/ methods', async () => {
  const error = await refusal(new TestClient(new SkillsServer()).request<any>('skills/list'));
  assert.is(error.code, -32601);
});

const directories = suite('skills: resources/directory/read');

directories(
  'lists a skill’s root and its subdirectories, directories as inode/directory',
  async () => {
    const client = modern();
    const root = await client.request<any>('resources/directory/read', {
      uri: 'skill://release-notes',
    });
    assert.equal(root.resources, [
      {
        uri: 'skill://release-notes/SKILL.md',
        name: 'SKILL.md',
        mimeType: 'text/markdown',
        size: Buffer.byteLength(RELEASE_NOTES_MD),
      },
      { uri: 'skill://release-notes/templates', name: 'templates', mimeType: 'inode/directory' },
    ]);
    assert.is(root.nextCursor, undefined);
    const templates = await client.request<any>('resources/directory/read', {
      uri: 'skill://release-notes/templates',
    });
    assert.equal(templates.resources, [
      {
        uri: 'skill://release-notes/templates/notes.md',
        name: 'notes.md',
        mimeType: 'text/markdown',
        size: 13,
      },
      {
        uri: 'skill://release-notes/templates/logo.png',
        name: 'logo.png',
        mimeType: 'image/png',
        size: 6,
      },
    ]);
  },
);

directories('a file, or what is not served, is -32602', async () => {
  const client = modern();
  const file = await refusal(
    client.request<any>('resources/directory/read', { uri: 'skill://release-notes/SKILL.md' }),
  );
  assert.equal(
    { code: file.code, message: file.message },
    { code: -32602, message: 'This URI is a file, not a directory.' },
  );
  for (const uri of ['skill://nothing', 'skill://acme', 'skill://release-notes/templates/x']) {
    const missing = await refusal(client.request<any>('resources/directory/read', { uri }));
    assert.equal(
      { code: missing.code, message: missing.message, data: missing.data },
      { code: -32602, message: 'No directory of a skill is served at this URI.', data: { uri } },
    );
  }
  const none = await refusal(client.request<any>('resources/directory/read', {}));
  assert.is(none.code, -32602);
});

directories('pages, and is not found without directoryRead', async () => {
  class Paged extends SkillsServer {
    override readonly pageSize = 1;
  }
  const client = modern(new Paged());
  const first = await client.request<any>('resources/directory/read', {
    uri: 'skill://release-notes',
  });
  assert.is(first.resources.length, 1);
  const second = await client.request<any>('resources/directory/read', {
    uri: 'skill://release-notes',
    cursor: first.nextCursor,
  });
  assert.equal(second.resources[0].name, 'templates');
  // A cursor of another directory is not this one's.
  const other = await refusal(
    client.request<any>('resources/directory/read', {
      uri: 'skill://release-notes/templates',
      cursor: first.nextCursor,
    }),
  );
  assert.is(other.code, -32602);
  const undeclared = modern(new SkillsServer(skillsIn([releaseNotes])));
  const error = await refusal(
    undeclared.request<any>('resources/directory/read', { uri: 'skill://release-notes' }),
  );
  assert.is(error.code, -32601);
});

directories(
  'a nested skill’s files are the outer skill’s too, and its directory one of them',
  async () => {
    const outer = defineSkill({
      name: 'billing',
      path: 'acme',
      description: 'Everything billing.',
      instructions: 'See refunds/.',
    });
    const client = modern(new SkillsServer(skillsIn([refunds, outer], { directoryRead: true })));
    const { skill } = await client.request<any>('skills/get', {
      uri: 'skill://acme/billing/SKILL.md',
    });
    assert.equal(
      skill.resources.map((file: { uri: string }) => file.uri),
      [
        'skill://acme/billing/refunds/SKILL.md',
        'skill://acme/billing/refunds/examples/email.md',
        'skill://acme/billing/SKILL.md',
      ],
    );
    const root = await client.request<any>('resources/directory/read', {
      uri: 'skill://acme/billing',
    });
    assert.equal(
      root.resources.map((child: { name: string; mimeType: string }) => [
        child.name,
        child.mimeType,
      ]),
      [
        ['refunds', 'inode/directory'],
        ['SKILL.md', 'text/markdown'],
      ],
    );
  },
);

const definitions = suite('skills: refused where they are defined');

const spec = { name: 'ok', description: 'Fine.', instructions: 'Do it.' };

definitions('a name the Agent Skills format refuses', () => {
  for (const name of ['', 'PDF', 'a--b', '-a', 'a-', 'a_b', 'x'.repeat(65), 7]) {
    assert.match(
      thrown(() => defineSkill({ ...spec, name: name as string })),
      /name must be 1 to 64 of a-z, 0-9 and -, with no - first, last or twice in a row$/,
    );
  }
  assert.is(defineSkill({ ...spec, name: 'x'.repeat(64) }).frontmatter.name.length, 64);
});

definitions('a description missing, empty or too long', () => {
  for (const description of [undefined, '', '   ', 'x'.repeat(1025)]) {
    assert.is(
      thrown(() => defineSkill({ ...spec, description: description as string })),
      'defineSkill("ok"): description must be a string of 1 to 1,024 characters',
    );
  }
});

definitions('files, paths and fields that cannot be served as they are', () => {
  const cases: [() => unknown, string][] = [
    [
      () => defineSkill({ ...spec, files: { '../x.md': 'x' } }),
      'defineSkill("ok"): the file "../x.md" must be a relative path of segments of A-Z a-z 0-9 . _ ~ -',
    ],
    [
      () => defineSkill({ ...spec, files: { 'a b.md': 'x' } }),
      'defineSkill("ok"): the file "a b.md" must be a relative path of segments of A-Z a-z 0-9 . _ ~ -',
    ],
    [
      () => defineSkill({ ...spec, files: { 'SKILL.md': 'x' } }),
      'defineSkill("ok"): SKILL.md is written from the spec; give its body as instructions',
    ],
    [
      () => defineSkill({ ...spec, files: { a: 'x', 'a/b': 'y' } }),
      'defineSkill("ok"): a is both a file and a directory',
    ],
    [
      () => defineSkill({ ...spec, files: { a: 7 as never } }),
      'defineSkill("ok"): the file a must be a string or a Uint8Array',
    ],
    [
      () => defineSkill({ ...spec, path: 'Acme' }),
      'defineSkill("ok"): the first segment of path is the URI\'s authority: lowercase',
    ],
    [
      () => defineSkill({ ...spec, path: 'acme//x' }),
      'defineSkill("ok"): each segment of path must be of A-Z a-z 0-9 . _ ~ -',
    ],
    [
      () => defineSkill({ ...spec, metadata: { 'io.modelcontextprotocol/x': 'y' } }),
      'defineSkill("ok"): metadata key io.modelcontextprotocol/x is reserved for MCP extensions',
    ],
    [
      () => defineSkill({ ...spec, metadata: { n: 1 as never } }),
      'defineSkill("ok"): metadata must map its keys to strings',
    ],
    [
      () => defineSkill({ ...spec, frontmatter: { when: new Date() as never } }),
      'defineSkill("ok"): when must be JSON',
    ],
    [
      () => defineSkill({ ...spec, frontmatter: { name: 'other' } }),
      'defineSkill: give name beside frontmatter, not in it',
    ],
    [
      () => defineSkill({ ...spec, instructions: undefined as never }),
      'defineSkill("ok"): instructions must be a string of Markdown',
    ],
    [
      () => skillFromFiles({ 'README.md': 'x' }),
      'skillFromFiles: a skill has a SKILL.md, given as text',
    ],
    [
      () => skillFromFiles({ 'SKILL.md': '# no front matter' }),
      'skillFromFiles: SKILL.md: SKILL.md must open with YAML front matter between two `---` lines',
    ],
    [
      () => skillFromFiles({ 'SKILL.md': '---\nname: ok\n---\n' }),
      'skillFromFiles("ok"): description must be a string of 1 to 1,024 characters',
    ],
  ];
  for (const [make, message] of cases) assert.is(thrown(make), message);
});

definitions('skillsIn refuses what it cannot serve', () => {
  const big = defineSkill({ ...spec, files: { 'big.bin': new Uint8Array(16 * 1024 * 1024) } });
  const many = defineSkill({
    ...spec,
    files: Object.fromEntries(Array.from({ length: 512 }, (_, i) => [`f${i}.md`, 'x'])),
  });
  const cases: [() => unknown, RegExp | string][] = [
    [
      () => skillsIn([{ ...releaseNotes } as Skill]),
      'skillsIn: each skill must be made by defineSkill() or skillFromFiles()',
    ],
    [
      () => skillsIn([releaseNotes, releaseNotes]),
      'skillsIn: two skills serve skill://release-notes/SKILL.md',
    ],
    [
      () => skillsIn([big]),
      /^skillsIn: skill:\/\/ok\/SKILL.md has 2 files of 16777\d+ bytes, over/,
    ],
    [() => skillsIn([many]), /^skillsIn: skill:\/\/ok\/SKILL.md has 513 files of/],
    [
      () => skillsIn([], { cache: { ttlMs: -1, cacheScope: 'public' } }),
      'skillsIn.cache.ttlMs must be an integer of milliseconds, 0 or more',
    ],
    [
      () => skillsIn([], { directoryRead: 'yes' as never }),
      'skillsIn: directoryRead must be true or false',
    ],
  ];
  for (const [make, message] of cases) {
    if (typeof message === 'string') assert.is(thrown(make), message);
    else assert.match(thrown(make), message);
  }
  // A file of the outer skill where a nested skill has its directory.
  const outer = defineSkill({ ...spec, name: 'billing', path: 'acme', files: { refunds: 'x' } });
  assert.is(
    thrown(() => skillsIn([refunds, outer])),
    'skillsIn: skill://acme/billing/refunds is both a file and a directory',
  );
});

definitions(
  'a skill is frozen, and bytes changed after its definition are not served',
  async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const skill = defineSkill({ ...spec, files: { 'a.bin': bytes } });
    bytes[0] = 9;
    assert.ok(Object.isFrozen(skill.frontmatter));
    const client = modern(new SkillsServer(skillsIn([skill])));
    const { skill: entry } = await client.request<any>('skills/get', { uri: skill.uri });
    assert.is(entry.resources[1].digest, sha256(new Uint8Array([1, 2, 3])));
  },
);

for (const run of [discovery, listing, directories, definitions]) run.run();
