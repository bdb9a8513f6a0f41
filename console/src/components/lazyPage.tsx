// A page whose code is a chunk of its own. Unlike React.lazy with Suspense, a chunk that is
// already loaded (preloaded beside the first API calls) renders at once: Suspense holds content
// that arrives after its fallback back for a few hundred milliseconds, which the first screen
// would pay on every load.
import { createElement, useEffect, useReducer, type ComponentType } from 'react';
import { Skeleton } from './Skeleton.js';

export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement> | null;
  /** Starts loading the chunk (once); resolves when it can render. */
  preload: () => Promise<void>;
}

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, label = 'Loading the page'): LazyPage<P> {
  let component: ComponentType<P> | null = null;
  let failure: Error | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => (loading ??= load().then(
    (c) => { component = c; },
    (err: unknown) => {
      failure = err instanceof Error ? err : new Error(String(err));
      // The next render may try again (a chunk that failed on a flaky connection).
      loading = null;
    },
  ));

  function Page(props: P) {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    // What this render had: when it was the placeholder, render again once the chunk is there
    // (also when it arrived between this render and this effect).
    const shown = component;
    useEffect(() => {
      if (!shown) void preload().then(rerender);
    }, [shown]);
    // The nearest ErrorBoundary says the page could not be loaded.
    if (!component && failure) {
      const err = failure;
      failure = null;
      throw err;
    }
    return component ? createElement(component, props) : <Skeleton label={label} lines={5} />;
  }
  Page.preload = preload;
  return Page;
}
