import { formatSize } from '@contract/builds/paths';
import { describe, expect, it } from 'vitest';
import type { BuildStageRecord } from '@contract/builds/schemas';
import type { EngineRelease } from '@contract/releases/schemas';
import { activeBuild, currentBuild, durationText, elapsedText, newerRelease, queueText, statusView, visibleStages, withBuild } from '@/features/builds/model';
import { sampleBuild } from './support/builds';

const release = (id: number, version: string): EngineRelease => ({ id, version, appType: 'merchant-app', notes: '', createdAt: '2026-01-01T00:00:00.000Z' });

describe('builds model', () => {
  it('finds the build under way, else the newest as the current one', () => {
    const done = sampleBuild({ id: 1, number: 1, status: 'succeeded' });
    const running = sampleBuild({ id: 2, number: 2, status: 'generating' });
    const failed = sampleBuild({ id: 3, number: 3, status: 'failed' });
    expect(activeBuild([failed, running, done])).toBe(running);
    expect(currentBuild([failed, running, done])).toBe(running);
    expect(activeBuild([failed, done])).toBeUndefined();
    expect(currentBuild([done, failed])).toBe(failed);
    expect(currentBuild([])).toBeUndefined();
  });

  it('writes a build into a list: replaced by id, or added newest first', () => {
    const one = sampleBuild({ id: 1, number: 1, status: 'queued' });
    const two = sampleBuild({ id: 2, number: 2, status: 'queued' });
    expect(withBuild(undefined, one)).toEqual([one]);
    const moved = { ...one, status: 'validating' as const, progress: 10 };
    expect(withBuild([one], moved)).toEqual([moved]);
    expect(withBuild([one], two).map((build) => build.id)).toEqual([2, 1]);
  });

  it('tells whether a newer engine release than the build’s exists', () => {
    const releases = [release(3, '1.3.0'), release(2, '1.2.0'), release(1, '1.1.0')];
    expect(newerRelease(releases, { release: { id: 2, version: '1.2.0' } })?.version).toBe('1.3.0');
    expect(newerRelease(releases, { release: { id: 3, version: '1.3.0' } })).toBeUndefined();
    // A release the list does not hold (another app type, removed) offers nothing.
    expect(newerRelease(releases, { release: { id: 9, version: '0.9.0' } })).toBeUndefined();
    expect(newerRelease([], { release: { id: 1, version: '1.1.0' } })).toBeUndefined();
  });

  it('writes durations and file sizes as a merchant reads them', () => {
    expect(durationText(12_300)).toBe('12 s');
    expect(durationText(0)).toBe('0 s');
    expect(durationText(184_000)).toBe('3 min 4 s');
    expect(durationText(120_000)).toBe('2 min');
    expect(durationText(7_500_000)).toBe('2 h 5 min');
    expect(elapsedText({ startedAt: null, finishedAt: null })).toBeNull();
    expect(elapsedText({ startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:12.000Z' })).toBe('12 s');
    expect(elapsedText({ startedAt: '2026-01-01T00:00:00.000Z', finishedAt: null }, Date.parse('2026-01-01T00:01:00.000Z'))).toBe('1 min');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1_400_000)).toBe('1.4 MB');
    expect(formatSize(820_000)).toBe('820 kB');
    expect(formatSize(23_456_789)).toBe('23 MB');
  });

  it('shows the store binaries’ stage only when the build makes them', () => {
    const stage = (name: BuildStageRecord['name'], state: BuildStageRecord['state'] = 'pending'): BuildStageRecord => ({
      name,
      state,
      progress: 0,
      startedAt: null,
      finishedAt: null,
      logs: [],
    });
    const stages = [stage('queued'), stage('validating'), stage('generating'), stage('packaging'), stage('remote_building'), stage('delivering')];
    expect(visibleStages({ stages, remote: false }).map((entry) => entry.name)).not.toContain('remote_building');
    expect(visibleStages({ stages, remote: true })).toHaveLength(6);
    const skipped = stages.map((entry) => (entry.name === 'remote_building' ? { ...entry, state: 'skipped' as const } : entry));
    expect(visibleStages({ stages: skipped, remote: true })).toHaveLength(5);
  });

  it('says the queue position only while queued', () => {
    expect(queueText({ status: 'queued', queuePosition: 2 })).toBe('Position 2 in the queue');
    expect(queueText({ status: 'queued', queuePosition: null })).toBeNull();
    expect(queueText({ status: 'generating', queuePosition: 2 })).toBeNull();
  });

  it('offers per status: cancel while under way, build again after failing or cancelling, new links after success', () => {
    expect(statusView('packaging')).toMatchObject({ label: 'Packaging', running: true, canCancel: true, canRetry: false, canSendLinks: false });
    expect(statusView('remote_building').label).toBe('Building store binaries');
    expect(statusView('failed')).toMatchObject({ label: 'Failed', tone: 'error', running: false, canCancel: false, canRetry: true, canSendLinks: false });
    expect(statusView('cancelled')).toMatchObject({ canRetry: true, canCancel: false });
    expect(statusView('succeeded')).toMatchObject({ label: 'Ready', tone: 'success', canSendLinks: true, canRetry: false });
  });
});
