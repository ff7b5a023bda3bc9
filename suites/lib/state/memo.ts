/**
 * One promise per key (a harness context), shared by every case that needs it. A rejection
 * is remembered when `lasting(error)` says so (the fixture is not asked for again, so a
 * target that refuses it is not sent the same writes case after case), else forgotten and
 * made again by the next caller. The arguments of the call that makes the value are used.
 */
export function memoPerKey<K extends object, T, A extends unknown[] = []>(
  make: (key: K, ...args: A) => Promise<T>, lasting: (error: unknown) => boolean,
): (key: K, ...args: A) => Promise<T> {
  const made = new WeakMap<K, Promise<T>>();
  return (key, ...args) => {
    let promise = made.get(key);
    if (!promise) {
      promise = make(key, ...args);
      made.set(key, promise);
      promise.catch((error: unknown) => {
        if (!lasting(error)) made.delete(key);
      });
    }
    return promise;
  };
}
