import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDataException, isUniqueViolation } from './errors.ts';

/** drizzle wraps driver errors: the driver's error is the cause. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('database error classes', () => {
  it('tells an unreachable database from a bad query, through drizzle wrapping', () => {
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    // pg's own query_timeout: the leader stopped answering without closing the connection.
    expect(isDatabaseUnavailable(wrapped(new Error('Query read timeout')))).toBe(true);
    // A write that reached a node that is not the leader (yet): the failover is not over.
    expect(
      isDatabaseUnavailable(
        wrapped({ code: '25006', message: 'cannot execute INSERT in a read-only transaction' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '53100', message: 'could not extend file' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '42P01', message: 'relation does not exist' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });

  it('finds SQLSTATE classes under the wrapping', () => {
    expect(isUniqueViolation(wrapped({ code: '23505' }))).toBe(true);
    expect(
      isDataException(wrapped({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' })),
    ).toBe(true);
    expect(isDataException(wrapped({ code: 'ECONNREFUSED' }))).toBe(false);
  });
});
