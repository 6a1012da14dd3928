import { describe, expect, it } from 'vitest';
import { errorText } from '@/api/error-text';

describe('error text rule (spec section 8)', () => {
  it("uses the response's message first", () => {
    expect(errorText({ message: 'Plan not found' }, 'fallback')).toBe('Plan not found');
  });
  it('takes the message from an Error too', () => {
    expect(errorText(new Error('Network down'))).toBe('Network down');
  });
  it('uses the response body when there is no message', () => {
    expect(errorText('Bad Gateway', 'fallback')).toBe('Bad Gateway');
  });
  it('skips an empty or non-string message and falls to the body rule', () => {
    expect(errorText({ message: '' }, 'fallback')).toBe('fallback');
    expect(errorText({ message: 42 }, 'fallback')).toBe('fallback');
    expect(errorText({ message: '   ' })).toBe('Error');
  });
  it('uses the given fallback when there is neither message nor body', () => {
    expect(errorText(undefined, 'Error creating new user')).toBe('Error creating new user');
    expect(errorText('', 'Invalid Credentials')).toBe('Invalid Credentials');
    expect(errorText({ data: null }, 'Invalid Credentials')).toBe('Invalid Credentials');
  });
  it("ends with 'Error'", () => {
    expect(errorText(undefined)).toBe('Error');
    expect(errorText(null, '')).toBe('Error');
    expect(errorText({})).toBe('Error');
  });
});
