import { describe, expect, it } from 'vitest';
import { describeProxy, maskProxyUrl, proxyCredentials } from '../../client/proxy.js';
import { resolveProxy } from '../../contract/proxy-settings.js';
import { ConfigError, loadProfile } from '../../contract/profile.js';

describe('proxy settings (issue 29)', () => {
  it('reads the ecosystem variables, lower case first, TARGET_PROXY winning for https; empty means unset', () => {
    expect(resolveProxy({}, undefined)).toBeUndefined();
    expect(resolveProxy({ HTTPS_PROXY: '' }, undefined)).toBeUndefined();
    expect(resolveProxy({ HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:1', NO_PROXY: 'a', no_proxy: 'b' }, undefined))
      .toEqual({ httpsProxy: 'http://lower:1', httpProxy: '', noProxy: 'b' });
    expect(resolveProxy({ HTTP_PROXY: 'http://only-http:1' }, undefined)).toEqual({ httpsProxy: 'http://only-http:1', httpProxy: 'http://only-http:1', noProxy: '' });
    expect(resolveProxy({ HTTPS_PROXY: 'http://env:1' }, 'http://explicit:2')?.httpsProxy).toBe('http://explicit:2');
  });

  it('masks the user and password of a proxy URL wherever it is printed', () => {
    expect(maskProxyUrl('http://corp%40user:p%3Ass@proxy.corp.example:3128/')).toBe('http://[proxyCredentials:***]@proxy.corp.example:3128');
    expect(maskProxyUrl('http://proxy.corp.example:3128/')).toBe('http://proxy.corp.example:3128');
    expect(proxyCredentials('http://corp%40user:p%3Ass@proxy:3128')).toEqual(['corp%40user', 'corp@user', 'p%3Ass', 'p:ss']);
    expect(describeProxy({ httpsProxy: 'http://u:secret-1@p:1', httpProxy: '', noProxy: 'localhost' })).toBe('http://[proxyCredentials:***]@p:1 (hosts in NO_PROXY direct: localhost)');
  });

  it('refuses a proxy that is not an http(s) URL in one line, without echoing it (it may hold a password)', () => {
    expect(() => loadProfile({ TARGET_PROXY: 'socks5://u:secret-2@p:1080' })).toThrow(ConfigError);
    try {
      loadProfile({ TARGET_PROXY: 'socks5://u:secret-2@p:1080', https_proxy: 'proxy.corp:3128' });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-2');
      expect((error as Error).message.split('\n')).toEqual([
        'TARGET_PROXY must be an http:// or https:// proxy URL (example: http://user:password@proxy.corp.example:3128)',
        'https_proxy must be an http:// or https:// proxy URL (example: http://proxy.corp.example:3128)',
      ]);
    }
  });
});
