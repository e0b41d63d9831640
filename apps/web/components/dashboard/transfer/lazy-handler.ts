// The transfer modal's loading rule (docs/spec.md §4): its code loads only when it is first wanted, by an
// open request or a preload (hovering the button). Requests made before the loaded modal has
// registered its handler are queued and replayed in order once it has. No React here.
export function createLazyHandler<T>(load: () => Promise<unknown>) {
  let handler: ((data: T) => void) | null = null;
  let loading: Promise<unknown> | null = null;
  const queue: T[] = [];

  function preload(): Promise<unknown> {
    // A failed load (offline) may be retried by the next hover or click.
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  }

  return {
    preload: () => void preload().catch(() => undefined),
    request(data: T): void {
      if (handler) return handler(data);
      queue.push(data);
      void preload().catch(() => undefined);
    },
    /** The loaded modal registers here; queued requests run at once. Returns the unregister. */
    register(next: (data: T) => void): () => void {
      handler = next;
      for (const data of queue.splice(0)) next(data);
      return () => {
        if (handler === next) handler = null;
      };
    },
  };
}

export type LazyHandler<T> = ReturnType<typeof createLazyHandler<T>>;
