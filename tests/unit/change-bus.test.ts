/** The change bus's rules (server/src/changes/bus.ts) over an in-memory network of processes. */
import { describe, expect, it } from 'vitest';
import { CHANGES, createChangeBus, decodeChange, type ChangeBus, type Inbox, type OpenTransport } from '../../server/src/changes/bus';
import { isDatabaseUnavailable } from '../../server/src/db/errors';

/** A network every process's transport sends on; `cut` makes sends fail. */
function network() {
  const inboxes: Inbox[] = [];
  const state = { cut: false };
  const transport: OpenTransport = async (inbox) => {
    inboxes.push(inbox);
    return {
      name: 'memory',
      send: async (message) => {
        if (state.cut) throw new Error('the network is cut');
        for (const each of inboxes) each.receive(message);
        return inboxes.length;
      },
      close: async () => {},
    };
  };
  return { transport, inboxes, state };
}

const warnings: string[] = [];
const log = { warn: (message: string) => warnings.push(message) };

function counter(bus: ChangeBus, topic: (typeof CHANGES)[keyof typeof CHANGES]) {
  const seen = { drops: 0 };
  bus.subscribe(topic, () => {
    seen.drops += 1;
  });
  return seen;
}

describe('the change bus', () => {
  it('drops the topic in the sender at once and in every other process once, and other topics nowhere', async () => {
    const net = network();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createChangeBus([net.transport], log)));
    const catalogue = [a, b, c].map((bus) => counter(bus as ChangeBus, CHANGES.catalogue));
    const config = [a, b, c].map((bus) => counter(bus as ChangeBus, CHANGES.remoteConfig));
    const published = a?.publish(CHANGES.catalogue);
    // The sender's own handlers ran before publish returned a promise.
    expect(catalogue[0]?.drops).toBe(1);
    await published;
    expect(catalogue.map((seen) => seen.drops)).toEqual([1, 1, 1]);
    expect(config.map((seen) => seen.drops)).toEqual([0, 0, 0]);
  });

  it('reaches the others through every transport (a drop twice is harmless), and a failed send neither throws nor stops the others', async () => {
    const first = network();
    const second = network();
    const [a, b] = await Promise.all([1, 2].map(() => createChangeBus([first.transport, second.transport], log)));
    const seen = counter(b as ChangeBus, CHANGES.remoteConfig);
    await a?.publish(CHANGES.remoteConfig);
    expect(seen.drops).toBe(2);
    first.state.cut = true;
    warnings.length = 0;
    await expect(a?.publish(CHANGES.remoteConfig)).resolves.toBeUndefined();
    expect(seen.drops).toBe(3);
    expect(warnings).toEqual(['the remote-config change was not sent through memory: the network is cut']);
  });

  it('drops every topic on a resync (a transport back after a cut), and ignores messages it cannot read', async () => {
    const net = network();
    const bus = await createChangeBus([net.transport], log);
    const catalogue = counter(bus, CHANGES.catalogue);
    const config = counter(bus, CHANGES.remoteConfig);
    net.inboxes[0]?.resync();
    expect([catalogue.drops, config.drops]).toEqual([1, 1]);
    const noise = [
      '',
      'catalogue',
      'change  1 catalogue',
      'change someone 1 plans-v2',
      'change someone x catalogue',
      'change someone 1 catalogue extra',
      'ack someone 1 catalogue',
    ];
    for (const text of noise) net.inboxes[0]?.receive(text);
    expect([catalogue.drops, config.drops]).toEqual([1, 1]);
    expect(decodeChange('change someone 12 catalogue')).toEqual({ kind: 'change', sender: 'someone', number: 12, topic: 'catalogue' });
    expect(decodeChange('ack someone 12')).toEqual({ kind: 'ack', sender: 'someone', number: 12 });
    net.inboxes[0]?.receive('change someone 12 catalogue');
    expect([catalogue.drops, config.drops]).toEqual([2, 1]);
  });

  it('resolves a publish once every other process acknowledged the drop, or after a second when one never does', async () => {
    const net = network();
    const [a, b] = await Promise.all([1, 2].map(() => createChangeBus([net.transport], log)));
    const seen = counter(b as ChangeBus, CHANGES.catalogue);
    let started = Date.now();
    await a?.publish(CHANGES.catalogue);
    expect(seen.drops).toBe(1);
    expect(Date.now() - started).toBeLessThan(500);
    // A listener that never answers (a process stuck in a long task).
    net.inboxes.push({ receive: () => {}, resync: () => {} });
    started = Date.now();
    await a?.publish(CHANGES.catalogue);
    expect(seen.drops).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('keeps dropping for the others when one handler throws', async () => {
    const bus = await createChangeBus([], log);
    bus.subscribe(CHANGES.catalogue, () => {
      throw new Error('broken cache');
    });
    const seen = counter(bus, CHANGES.catalogue);
    warnings.length = 0;
    await bus.publish(CHANGES.catalogue);
    expect(seen.drops).toBe(1);
    expect(warnings).toEqual(['dropping the catalogue cache failed: broken cache']);
  });
});

describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
  it('knows a refused, cut or timed-out connection and a server shutting down or starting, also wrapped', () => {
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
      wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves query errors, data errors and anything else alone', () => {
    for (const error of [
      wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })),
      Object.assign(new Error('invalid byte sequence'), { code: '22021' }),
      new Error('Internal failure'),
      'ECONNREFUSED',
      null,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});
