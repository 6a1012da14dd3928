import { BUILD_STAGES } from '@contract/builds/paths';
import type { Build } from '@contract/builds/schemas';

/** A build of ada-shop on engine 1.2.0, every stage pending; `overrides` change any field. */
export function sampleBuild(overrides: Partial<Build> = {}): Build {
  return {
    id: 1,
    shopAlias: 'ada-shop',
    number: 1,
    status: 'queued',
    progress: 0,
    queuePosition: null,
    creationVersion: 0,
    release: { id: 2, version: '1.2.0' },
    requestedBy: 'Ada Obi',
    remote: false,
    attempts: 1,
    createdAt: '2026-03-12T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    stages: BUILD_STAGES.map((name) => ({ name, state: 'pending', progress: 0, startedAt: null, finishedAt: null, logs: [] })),
    error: null,
    artifacts: [],
    webAppUrl: null,
    ...overrides,
  };
}
