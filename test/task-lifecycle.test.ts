// A task's life on a shared store, as replicas live it: made, run, asked, answered, cancelled,
// failed when its process is gone, and forgotten after its time.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Bus } from '../src/bus/bus.js';
import { memoryBus } from '../src/bus/memory-bus.js';
import {
  TaskLifecycle,
  type TaskOutcome,
  type TaskRound,
  TaskStoreError,
  type TaskView,
} from '../src/tasks/lifecycle.js';
import { memoryTaskStore } from '../src/tasks/memory-store.js';
import type { TaskStore } from '../src/tasks/store.js';

const lifecycle = suite('task lifecycle');

const clock = (start = Date.UTC(2026, 7, 1, 10, 30)) => {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
};

async function until(
  tasks: TaskLifecycle,
  taskId: string,
  test: (task: TaskView) => boolean,
  principal: string | null = 'ada',
): Promise<TaskView> {
  for (let tries = 0; tries < 200; tries++) {
    const task = await tasks.get(principal, taskId);
    if (task !== undefined && test(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(
    `task ${taskId} never got there: ${JSON.stringify(await tasks.get(principal, taskId))}`,
  );
}

/** The promise, or a rejection once `ms` have passed. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not done within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const confirm = {
  method: 'elicitation/create',
  params: { message: 'Sure?', requestedSchema: { type: 'object' } },
};

lifecycle(
  'a task is made working, with an unguessable id, and found by its principal only',
  async () => {
    const time = clock();
    const tasks = new TaskLifecycle({
      store: memoryTaskStore({ now: time.now }),
      now: time.now,
      pollIntervalMs: 500,
    });
    const task = await tasks.create('ada');
    assert.match(task.taskId, /^tsk_[A-Za-z0-9_-]{24}$/);
    assert.equal(task, {
      taskId: task.taskId,
      status: 'working',
      createdAt: '2026-08-01T10:30:00.000Z',
      lastUpdatedAt: '2026-08-01T10:30:00.000Z',
      ttlMs: 3_600_000,
      pollIntervalMs: 500,
    });
    assert.equal(await tasks.get('ada', task.taskId), task);
    // Another principal, or none, learns nothing: the same answer as for no task at all.
    assert.is(await tasks.get('bob', task.taskId), undefined);
    assert.is(await tasks.get(null, task.taskId), undefined);
    assert.is(await tasks.update('bob', task.taskId, { a: {} }), false);
    assert.is(await tasks.cancel('bob', task.taskId), false);
    assert.is(await tasks.get('ada', 'tsk_unknown'), undefined);
    assert.is(await tasks.get('ada', 'x'.repeat(10_000)), undefined);
    const ids = new Set(
      await Promise.all(
        Array.from({ length: 100 }, async () => (await tasks.create('ada')).taskId),
      ),
    );
    assert.is(ids.size, 100);
  },
);

lifecycle('a run ends completed with its result, or failed with its error', async () => {
  const tasks = new TaskLifecycle({ store: memoryTaskStore() });
  const done = await tasks.create('ada');
  await tasks.run(done.taskId, async () => ({
    result: { content: [{ type: 'text', text: 'ok' }] },
  }));
  const completed = await tasks.get('ada', done.taskId);
  assert.is(completed?.status, 'completed');
  assert.equal(completed?.result, { content: [{ type: 'text', text: 'ok' }] });
  assert.is(completed?.error, undefined);

  const failing = await tasks.create('ada');
  await tasks.run(failing.taskId, async () => ({
    error: { code: -32602, message: 'No such file.' },
  }));
  const failed = await tasks.get('ada', failing.taskId);
  assert.is(failed?.status, 'failed');
  assert.equal(failed?.error, { code: -32602, message: 'No such file.' });
  assert.is(failed?.statusMessage, 'No such file.');
  assert.is(failed?.result, undefined);

  // A fault the work lets through fails the task and tells its client nothing of it.
  const throwing = await tasks.create('ada');
  await tasks.run(throwing.taskId, async () => {
    throw new Error('password=hunter2');
  });
  const thrown = await tasks.get('ada', throwing.taskId);
  assert.equal(thrown?.error, { code: -32603, message: 'Internal error' });
  assert.not.match(JSON.stringify(thrown), /hunter2/);
});

lifecycle(
  'a run that asks waits for every answer, partial answers leave it waiting, then it runs again with them',
  async () => {
    const tasks = new TaskLifecycle({ store: memoryTaskStore(), pollIntervalMs: 10_000 });
    const task = await tasks.create('ada');
    const rounds: Pick<TaskRound, 'answers' | 'bound'>[] = [];
    const running = tasks.run(task.taskId, async ({ answers, bound }): Promise<TaskOutcome> => {
      rounds.push({ answers, bound });
      if (answers.first === undefined || answers.second === undefined) {
        return {
          ask: new Map([
            ['first', { question: confirm, digest: 'd1' }],
            ['second', { question: confirm, digest: 'd2' }],
          ]),
        };
      }
      return { result: { answers } };
    });
    const asking = await until(tasks, task.taskId, (t) => t.status === 'input_required');
    assert.equal(asking.inputRequests, { first: confirm, second: confirm });

    // A key never asked is ignored; one answer of two leaves the other waiting.
    assert.is(await tasks.update('ada', task.taskId, { stranger: { action: 'accept' } }), true);
    assert.is(await tasks.update('ada', task.taskId, { first: { action: 'accept' } }), true);
    const partial = await tasks.get('ada', task.taskId);
    assert.is(partial?.status, 'input_required');
    assert.equal(partial?.inputRequests, { second: confirm });

    // In this process the run wakes at once, well before its poll interval of 10 s.
    await tasks.update('ada', task.taskId, { second: { action: 'decline' } });
    await running;
    const completed = await tasks.get('ada', task.taskId);
    assert.is(completed?.status, 'completed');
    assert.equal(completed?.result, {
      answers: { first: { action: 'accept' }, second: { action: 'decline' } },
    });
    assert.equal(rounds[1]?.bound, { first: 'd1', second: 'd2' });
    assert.is(completed?.inputRequests, undefined);
    // An answer to a task that has ended changes nothing.
    await tasks.update('ada', task.taskId, { first: { action: 'cancel' } });
    assert.equal((await tasks.get('ada', task.taskId))?.result, completed?.result);
  },
);

lifecycle('answers past maxAnswerBytes are refused, and the task still waits', async () => {
  const tasks = new TaskLifecycle({ store: memoryTaskStore(), maxAnswerBytes: 1_000 });
  const task = await tasks.create('ada');
  void tasks.run(task.taskId, async () => ({
    ask: new Map([['big', { question: confirm, digest: 'd' }]]),
  }));
  await until(tasks, task.taskId, (t) => t.status === 'input_required');
  try {
    await tasks.update('ada', task.taskId, { big: { text: 'x'.repeat(2_000) } });
    assert.unreachable('took an answer past the bound');
  } catch (error) {
    assert.instance(error, RangeError);
  }
  assert.is((await tasks.get('ada', task.taskId))?.status, 'input_required');
  await tasks.cancel('ada', task.taskId);
});

lifecycle(
  'a cancel ends a working task, aborts its signal, and is acknowledged after the end too',
  async () => {
    const tasks = new TaskLifecycle({ store: memoryTaskStore(), pollIntervalMs: 10_000 });
    const task = await tasks.create('ada');
    let signal: AbortSignal | undefined;
    const running = tasks.run(task.taskId, ({ signal: given }) => {
      signal = given;
      return new Promise<TaskOutcome>(() => {}); // never ends by itself
    });
    await until(tasks, task.taskId, () => signal !== undefined);
    assert.is(await tasks.cancel('ada', task.taskId), true);
    await running;
    assert.is(signal?.aborted, true);
    assert.is((await tasks.get('ada', task.taskId))?.status, 'cancelled');
    assert.is(await tasks.cancel('ada', task.taskId), true);
    assert.is((await tasks.get('ada', task.taskId))?.status, 'cancelled');

    // One waiting for answers ends at once.
    const waiting = await tasks.create('ada');
    const asking = tasks.run(waiting.taskId, async () => ({
      ask: new Map([['k', { question: confirm, digest: 'd' }]]),
    }));
    await until(tasks, waiting.taskId, (t) => t.status === 'input_required');
    await tasks.cancel('ada', waiting.taskId);
    assert.is((await tasks.get('ada', waiting.taskId))?.status, 'cancelled');
    await asking;

    // One already completed stays completed.
    const done = await tasks.create('ada');
    await tasks.run(done.taskId, async () => ({ result: {} }));
    assert.is(await tasks.cancel('ada', done.taskId), true);
    assert.is((await tasks.get('ada', done.taskId))?.status, 'completed');
  },
);

lifecycle('a cancel made on another replica reaches the run within a poll interval', async () => {
  const store = memoryTaskStore();
  const here = new TaskLifecycle({ store, pollIntervalMs: 20 });
  // Another replica: its own lifecycle on the same data, but not the same store object, so that no
  // in-process wake-up reaches the run.
  const elsewhere = new TaskLifecycle({ store: { ...store } as TaskStore, pollIntervalMs: 20 });
  const task = await here.create('ada');
  let signal: AbortSignal | undefined;
  const running = here.run(task.taskId, ({ signal: given }) => {
    signal = given;
    return new Promise<TaskOutcome>(() => {});
  });
  const started = Date.now();
  await elsewhere.cancel('ada', task.taskId);
  // (The run's timers do not keep a process alive: this wait does.)
  await until(elsewhere, task.taskId, (t) => t.status === 'cancelled');
  await running;
  assert.ok(Date.now() - started < 1_000);
  assert.is(signal?.aborted, true);
  assert.is((await elsewhere.get('ada', task.taskId))?.status, 'cancelled');
});

lifecycle(
  'with a bus, a cancel and an answer made on another replica reach the run at once, not at its poll',
  async () => {
    const store = memoryTaskStore();
    const bus = memoryBus();
    // Polls an hour apart: only the bus can bring the news in time.
    const here = new TaskLifecycle({ store, bus, pollIntervalMs: 3_600_000 });
    const elsewhere = new TaskLifecycle({ store: { ...store } as TaskStore, bus });
    const task = await here.create('ada');
    let signal: AbortSignal | undefined;
    const running = here.run(task.taskId, ({ signal: given }) => {
      signal = given;
      return new Promise<TaskOutcome>(() => {});
    });
    await until(here, task.taskId, () => signal !== undefined);
    // The run's subscription is made as it starts; one turn for the bus to take it.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await elsewhere.cancel('ada', task.taskId);
    await within(500, running);
    assert.ok(Date.now() - started < 500, `took ${Date.now() - started} ms`);
    assert.is(signal?.aborted, true);
    assert.is((await elsewhere.get('ada', task.taskId))?.status, 'cancelled');

    const asking = await here.create('ada');
    const rounds: TaskRound[] = [];
    const answered = here.run(asking.taskId, async (round) => {
      rounds.push(round);
      return round.answers.k === undefined
        ? { ask: new Map([['k', { question: confirm, digest: 'd' }]]) }
        : { result: { got: round.answers.k } };
    });
    await until(here, asking.taskId, (t) => t.status === 'input_required');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const asked = Date.now();
    await elsewhere.update('ada', asking.taskId, { k: { action: 'accept' } });
    await within(500, answered);
    assert.ok(Date.now() - asked < 500, `took ${Date.now() - asked} ms`);
    assert.equal((await here.get('ada', asking.taskId))?.result, { got: { action: 'accept' } });
  },
);

lifecycle(
  'a subscription the bus lost (Redis restarting) is made again, and the run hears the next write at once',
  async () => {
    const store = memoryTaskStore();
    const inner = memoryBus();
    // A bus whose connection drops: every subscription is told, and hears nothing more.
    const dead = new Set<number>();
    const losers = new Map<number, (error: Error) => void>();
    let next = 0;
    const bus: Bus = {
      publish: (channel, message) => inner.publish(channel, message),
      async subscribe(channel, receive, lost) {
        const id = next++;
        losers.set(id, lost);
        const stop = await inner.subscribe(channel, (m) => dead.has(id) || receive(m), lost);
        return async () => {
          losers.delete(id);
          await stop();
        };
      },
    };
    const drop = () => {
      for (const [id, lost] of losers) {
        dead.add(id);
        losers.delete(id);
        lost(new Error('Socket closed unexpectedly'));
      }
    };
    const here = new TaskLifecycle({ store, bus, pollIntervalMs: 3_600_000 });
    const elsewhere = new TaskLifecycle({ store: { ...store } as TaskStore, bus });
    const asking = await here.create('ada');
    const answered = here.run(asking.taskId, async (round) =>
      round.answers.k === undefined
        ? { ask: new Map([['k', { question: confirm, digest: 'd' }]]) }
        : { result: { got: round.answers.k } },
    );
    await until(here, asking.taskId, (t) => t.status === 'input_required');
    await new Promise((resolve) => setTimeout(resolve, 10));
    drop();
    // Made again a second later; an answer given after that reaches the run at once.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    assert.ok(losers.size > 0, 'no subscription made again');
    const asked = Date.now();
    await elsewhere.update('ada', asking.taskId, { k: { action: 'accept' } });
    await within(500, answered);
    assert.ok(Date.now() - asked < 500, `took ${Date.now() - asked} ms`);
    assert.equal((await here.get('ada', asking.taskId))?.result, { got: { action: 'accept' } });
    // Nobody waits any more: nothing is left subscribed.
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.is(losers.size, 0);
  },
);

lifecycle(
  'a message on the bus only wakes: a forged one changes no task, and a flood is one read at a time',
  async () => {
    const store = memoryTaskStore();
    const bus = memoryBus();
    let reads = 0;
    const counted: TaskStore = {
      ...store,
      get: (id) => {
        reads++;
        return store.get(id);
      },
    };
    const here = new TaskLifecycle({ store: counted, bus, pollIntervalMs: 3_600_000 });
    const task = await here.create('ada');
    let signal: AbortSignal | undefined;
    void here.run(task.taskId, ({ signal: given }) => {
      signal = given;
      return new Promise<TaskOutcome>(() => {});
    });
    await until(here, task.taskId, () => signal !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    reads = 0;
    await Promise.all(
      Array.from({ length: 1_000 }, () =>
        bus.publish(`task:${task.taskId}`, '{"status":"cancelled"}'),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(reads <= 3, `${reads} reads for 1,000 forged messages`);
    assert.is(signal?.aborted, false);
    assert.is((await here.get('ada', task.taskId))?.status, 'working');
    await here.cancel('ada', task.taskId);
  },
);

lifecycle(
  'answers from two replicas at once both count (compare-and-set, no lost write)',
  async () => {
    const store = memoryTaskStore();
    const a = new TaskLifecycle({ store, pollIntervalMs: 20 });
    const b = new TaskLifecycle({ store: { ...store } as TaskStore, pollIntervalMs: 20 });
    const task = await a.create('ada');
    const keys = Array.from({ length: 10 }, (_, index) => `k${index}`);
    const running = a.run(task.taskId, async ({ answers }) =>
      keys.every((key) => answers[key] !== undefined)
        ? { result: { count: Object.keys(answers).length } }
        : { ask: new Map(keys.map((key) => [key, { question: confirm, digest: key }])) },
    );
    await until(a, task.taskId, (t) => t.status === 'input_required');
    await Promise.all(
      keys.map((key, index) =>
        (index % 2 ? a : b).update('ada', task.taskId, { [key]: { n: index } }),
      ),
    );
    await until(b, task.taskId, (t) => t.status === 'completed');
    await running;
    assert.equal((await b.get('ada', task.taskId))?.result, { count: 10 });
  },
);

lifecycle(
  'a task whose process stops is failed once its lease lapses, by whoever reads it',
  async () => {
    const time = clock();
    const store = memoryTaskStore({ now: time.now });
    const dead = new TaskLifecycle({ store, now: time.now, leaseMs: 5_000 });
    const task = await dead.create('ada'); // and never run: its process died
    const reader = new TaskLifecycle({
      store: { ...store } as TaskStore,
      now: time.now,
      leaseMs: 5_000,
    });
    time.advance(4_000);
    assert.is((await reader.get('ada', task.taskId))?.status, 'working');
    time.advance(2_000);
    const failed = await reader.get('ada', task.taskId);
    assert.is(failed?.status, 'failed');
    assert.match(failed?.statusMessage ?? '', /stopped/);
    assert.equal(failed?.error, {
      code: -32603,
      message: 'The process running this task stopped.',
    });
  },
);

lifecycle('a running task renews its lease and outlives it', async () => {
  const tasks = new TaskLifecycle({ store: memoryTaskStore(), leaseMs: 90, pollIntervalMs: 1_000 });
  const task = await tasks.create('ada');
  const running = tasks.run(
    task.taskId,
    () => new Promise((resolve) => setTimeout(() => resolve({ result: { late: true } }), 300)),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.is((await tasks.get('ada', task.taskId))?.status, 'working');
  await running;
  assert.is((await tasks.get('ada', task.taskId))?.status, 'completed');
});

lifecycle(
  'an ended task is kept ttlMs from its making, and at least a minute after its end',
  async () => {
    const time = clock();
    const store = memoryTaskStore({ now: time.now });
    const tasks = new TaskLifecycle({ store, now: time.now, ttlMs: 120_000 });
    const task = await tasks.create('ada');
    await tasks.run(task.taskId, async () => ({ result: {} }));
    time.advance(119_000);
    assert.is((await tasks.get('ada', task.taskId))?.status, 'completed');
    time.advance(2_000);
    assert.is(await tasks.get('ada', task.taskId), undefined);

    const short = new TaskLifecycle({ store, now: time.now, ttlMs: 1_000 });
    const quick = await short.create('ada');
    time.advance(5_000); // it ran longer than its ttl, and stays readable after it ends
    await short.run(quick.taskId, async () => ({ result: {} }));
    time.advance(59_000);
    assert.is((await short.get('ada', quick.taskId))?.status, 'completed');
    time.advance(2_000);
    assert.is(await short.get('ada', quick.taskId), undefined);
    store.purge();
    assert.is(store.size, 0);
  },
);

lifecycle('a store that fails is a TaskStoreError, and a run never rejects', async () => {
  const broken: TaskStore = {
    create: () => Promise.reject(new Error('ECONNREFUSED')),
    get: () => Promise.reject(new Error('ECONNREFUSED')),
    replace: () => Promise.reject(new Error('ECONNREFUSED')),
  };
  // A run tries the store again at each poll, for a lease at most: then its lease has lapsed.
  const tasks = new TaskLifecycle({ store: broken, leaseMs: 200, pollIntervalMs: 20 });
  for (const attempt of [
    () => tasks.create('ada'),
    () => tasks.get('ada', 'tsk_x'),
    () => tasks.cancel('ada', 'tsk_x'),
  ]) {
    try {
      await attempt();
      assert.unreachable('no error');
    } catch (error) {
      assert.instance(error, TaskStoreError);
      assert.match((error as Error).message, /the task store failed: ECONNREFUSED/);
    }
  }
  const started = Date.now();
  await within(
    2_000,
    tasks.run('tsk_x', async () => ({ result: {} })),
  );
  assert.ok(Date.now() - started >= 200, 'gave up before its lease');

  // What the store holds is checked before it is believed.
  const store = memoryTaskStore();
  await store.create('tsk_bad', '{"v":1,"id":"tsk_other"}', null);
  await store.create('tsk_text', 'not json', null);
  const reading = new TaskLifecycle({ store });
  for (const id of ['tsk_bad', 'tsk_text']) {
    try {
      await reading.get('ada', id);
      assert.unreachable('believed a bad task');
    } catch (error) {
      assert.instance(error, TaskStoreError);
    }
  }
});

lifecycle(
  'a store away for a moment (Redis restarting) loses neither a waiting run nor its result',
  async () => {
    const inner = memoryTaskStore();
    let down = false;
    let refused = 0;
    const away = <T>(call: () => Promise<T>): Promise<T> => {
      if (!down) return call();
      refused++;
      return Promise.reject(new Error('read ECONNRESET'));
    };
    const store: TaskStore = {
      create: (...args) => away(() => inner.create(...args)),
      get: (...args) => away(() => inner.get(...args)),
      replace: (...args) => away(() => inner.replace(...args)),
    };
    const tasks = new TaskLifecycle({ store, leaseMs: 2_000, pollIntervalMs: 10 });

    // Away while the run waits for an answer: it reads again once the store is back.
    const asking = await tasks.create('ada');
    const running = tasks.run(asking.taskId, async ({ answers }): Promise<TaskOutcome> => {
      if (answers.sure === undefined) {
        return { ask: new Map([['sure', { question: confirm, digest: 'd' }]]) };
      }
      return { result: { sure: answers.sure } };
    });
    await until(tasks, asking.taskId, (task) => task.status === 'input_required');
    down = true;
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(refused > 2, `the run tried the store ${refused} times while it was away`);
    down = false;
    await tasks.update('ada', asking.taskId, { sure: { action: 'accept' } });
    await within(1_000, running);
    const answered = await tasks.get('ada', asking.taskId);
    assert.is(answered?.status, 'completed');
    assert.equal(answered?.result, { sure: { action: 'accept' } });

    // Away as the work ends: its result is written once the store is back.
    const ending = await tasks.create('ada');
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const run = tasks.run(ending.taskId, async () => {
      await finished;
      return { result: { late: true } };
    });
    down = true;
    finish();
    await new Promise((resolve) => setTimeout(resolve, 100));
    down = false;
    await within(1_000, run);
    assert.equal((await tasks.get('ada', ending.taskId))?.result, { late: true });
  },
);

lifecycle.run();
