/** The origin of the links a phone or another person opens (QR codes, the public page): issue 27. */
import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewOrigin } from '../../server/src/web/lan';

const config = { PUBLIC_ORIGIN: 'http://localhost:8080', PORT: 8080 };
const lan = { address: '192.168.1.20', family: 'IPv4', internal: false } as os.NetworkInterfaceInfo;
const loopback = { address: '127.0.0.1', family: 'IPv4', internal: true } as os.NetworkInterfaceInfo;

afterEach(() => vi.restoreAllMocks());

describe('previewOrigin', () => {
  it('is PUBLIC_URL when set: any network reaches it', () => {
    expect(previewOrigin({ ...config, PUBLIC_URL: 'https://studio.example/', PUBLIC_ORIGIN: 'https://studio.example' })).toEqual({
      origin: 'https://studio.example',
      sameNetwork: false,
    });
  });

  it('is the LAN address otherwise, for phones on the same network only', () => {
    vi.spyOn(os, 'networkInterfaces').mockReturnValue({ lo: [loopback], wlan0: [lan] });
    expect(previewOrigin(config)).toEqual({ origin: 'http://192.168.1.20:8080', sameNetwork: true });
  });

  it('falls back to the public origin on a machine with no network', () => {
    vi.spyOn(os, 'networkInterfaces').mockReturnValue({ lo: [loopback] });
    expect(previewOrigin(config)).toEqual({ origin: 'http://localhost:8080', sameNetwork: true });
  });
});
