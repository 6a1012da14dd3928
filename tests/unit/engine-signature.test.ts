import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENGINE_SIGNATURE_TOLERANCE_SECONDS } from '@contract/builds/paths';
import { signEngineRequest, verifyEngineSignature } from '../../server/src/modules/builds/engine';

const SECRET = 'engine-secret-0123456789';
const NOW = 1_780_000_000;
const body = JSON.stringify({ jobId: 'job_1', status: 'succeeded', progress: 100 });

describe('engine signatures', () => {
  it('are t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${body}`).digest('hex');
    expect(signEngineRequest(SECRET, body, NOW)).toBe(`t=${NOW},v1=${expected}`);
  });

  it('a good signature verifies, on a string or on the raw bytes', () => {
    const header = signEngineRequest(SECRET, body, NOW);
    expect(verifyEngineSignature(SECRET, body, header, NOW)).toBe('ok');
    expect(verifyEngineSignature(SECRET, Buffer.from(body), header, NOW + 10)).toBe('ok');
    expect(verifyEngineSignature(SECRET, '', signEngineRequest(SECRET, '', NOW), NOW)).toBe('ok');
    const unicode = JSON.stringify({ message: 'Café ☕ ready' });
    expect(verifyEngineSignature(SECRET, Buffer.from(unicode, 'utf8'), signEngineRequest(SECRET, unicode, NOW), NOW)).toBe('ok');
  });

  it('a signature made with another secret is forged', () => {
    expect(verifyEngineSignature(SECRET, body, signEngineRequest('another-secret-0123456789', body, NOW), NOW)).toBe('forged');
  });

  it('a body changed after signing (re-signed with the old signature) is forged', () => {
    const header = signEngineRequest(SECRET, body, NOW);
    const changed = body.replace('succeeded', 'failed');
    expect(verifyEngineSignature(SECRET, changed, header, NOW)).toBe('forged');
    expect(verifyEngineSignature(SECRET, `${body} `, header, NOW)).toBe('forged');
    // A newer timestamp pasted onto the old signature does not match either.
    const v1 = header.split('v1=')[1];
    expect(verifyEngineSignature(SECRET, body, `t=${NOW + 60},v1=${v1}`, NOW + 60)).toBe('forged');
  });

  it('an old timestamp is stale (a replay), and so is one too far ahead', () => {
    const tolerance = ENGINE_SIGNATURE_TOLERANCE_SECONDS;
    expect(verifyEngineSignature(SECRET, body, signEngineRequest(SECRET, body, NOW - tolerance), NOW)).toBe('ok');
    expect(verifyEngineSignature(SECRET, body, signEngineRequest(SECRET, body, NOW - tolerance - 1), NOW)).toBe('stale');
    expect(verifyEngineSignature(SECRET, body, signEngineRequest(SECRET, body, NOW - 86_400), NOW)).toBe('stale');
    expect(verifyEngineSignature(SECRET, body, signEngineRequest(SECRET, body, NOW + tolerance), NOW)).toBe('ok');
    expect(verifyEngineSignature(SECRET, body, signEngineRequest(SECRET, body, NOW + tolerance + 1), NOW)).toBe('stale');
  });

  it('a stale timestamp with a forged signature is forged (stale is said only of authentic messages)', () => {
    expect(verifyEngineSignature(SECRET, body, signEngineRequest('another-secret-0123456789', body, NOW - 3600), NOW)).toBe('forged');
  });

  it('malformed headers are forged', () => {
    const good = signEngineRequest(SECRET, body, NOW);
    const v1 = good.split('v1=')[1]!;
    for (const header of [
      undefined,
      '',
      'garbage',
      `t=${NOW}`,
      `v1=${v1}`,
      `t=abc,v1=${v1}`,
      `t=-${NOW},v1=${v1}`,
      `t=${NOW}.5,v1=${v1}`,
      `t=${NOW},v1=${v1.slice(0, 63)}`,
      `t=${NOW},v1=${v1}00`,
      `t=${NOW},v1=${'z'.repeat(64)}`,
      `t=${NOW},t=${NOW},v1=${v1}`,
      `t=${NOW},v1=${v1},x=1`,
      `t=${NOW};v1=${v1}`,
      `${good},${'v1=' + '0'.repeat(64) + ','.repeat(400)}`,
    ])
      expect(verifyEngineSignature(SECRET, body, header, NOW), String(header)).toBe('forged');
  });

  it('spaces after commas and a second v1 (a secret being rotated) are accepted', () => {
    const good = signEngineRequest(SECRET, body, NOW);
    const v1 = good.split('v1=')[1]!;
    expect(verifyEngineSignature(SECRET, body, `t=${NOW}, v1=${v1}`, NOW)).toBe('ok');
    expect(verifyEngineSignature(SECRET, body, `t=${NOW},v1=${'0'.repeat(64)},v1=${v1}`, NOW)).toBe('ok');
    expect(verifyEngineSignature(SECRET, body, `t=${NOW},v1=${v1.toUpperCase()}`, NOW)).toBe('ok');
  });
});
