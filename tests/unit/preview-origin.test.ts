import { describe, expect, it } from 'vitest';
import { onOrigin } from '@/lib/preview-origin';

describe('onOrigin (issue 27: one origin for every shared link)', () => {
  it('puts a path or a URL of this portal on the origin phones reach', () => {
    expect(onOrigin('/test/preview?t=ada&p=k', 'http://192.168.1.20:8080')).toBe('http://192.168.1.20:8080/test/preview?t=ada&p=k');
    expect(onOrigin('http://localhost:8080/test/preview?t=ada#x', 'https://studio.example/')).toBe('https://studio.example/test/preview?t=ada#x');
  });
});
