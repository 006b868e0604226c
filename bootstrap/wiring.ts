import { type DependencyContainer, instanceCachingFactory } from 'tsyringe';
import type { Token } from '../application/ports/token.js';

/** A class, or a typed token: either way the container knows what type it yields. */
// biome-ignore lint/suspicious/noExplicitAny: tsyringe's own constructor-token shape
export type Key<T> = Token<T> | (new (...args: any[]) => T);

/** What a factory may ask the container for: only typed keys, so wiring is checked by the compiler. */
export interface Wiring {
  resolve<T>(key: Key<T>): T;
}

/** Registers one instance per container, built on first use by `build`. */
export const provide = <T>(c: DependencyContainer, key: Key<T>, build: (wiring: Wiring) => T): void => {
  c.register<T>(key, {
    useFactory: instanceCachingFactory<T>((r) => build({ resolve: (k) => r.resolve(k) })),
  });
};

/** Registers a value that already exists (an adapter). */
export const provideValue = <T>(c: DependencyContainer, key: Token<T>, value: T): void => {
  c.register<T>(key, { useValue: value });
};

export const resolve = <T>(c: DependencyContainer, key: Key<T>): T => c.resolve<T>(key);
