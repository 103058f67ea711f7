/**
 * Wraps a call so that calls with the same key while one is in flight share its promise. Used for
 * single-use codes: React StrictMode runs effects twice in development, and the second run must not
 * spend the code again. Settled calls are forgotten, so nothing (such as a revealed key) lingers.
 */
export function oncePerKey<T>(run: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key) => {
    const existing = inFlight.get(key);
    if (existing) return existing;
    const pending = run(key);
    inFlight.set(key, pending);
    const forget = () => inFlight.delete(key);
    pending.then(forget, forget);
    return pending;
  };
}
