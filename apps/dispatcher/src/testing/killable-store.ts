import type { DispatchStore } from '../ports/dispatch-store.port.js';

/**
 * Wraps a store so a test can cut the dispatcher off from the database mid-delivery, as a crash
 * would: after `kill()` every call fails and nothing more is written (no lease is released).
 */
export function killable(store: DispatchStore): { store: DispatchStore; kill(): void } {
  let dead = false;
  const wrapped = new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (dead) return Promise.reject(new Error('process killed'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    store: wrapped,
    kill: () => {
      dead = true;
    },
  };
}
